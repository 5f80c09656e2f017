/**
 * The venv helper the Python SDK tests stand on: built once in os.tmpdir(), reused fast, rebuilt when
 * partial or broken, built once when workers ask together, and a clear sentence where it cannot be.
 * The pinned SDK's venv is the shared one; the rebuild cases use a folder of their own and no
 * requirements (a venv without pip costs ~0.2 s), so they never disturb a venv another worker uses.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_REQUIREMENTS, pythonVenv, venvPython, type PythonVenv } from "./python-venv";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "mcp-inspector-venv-test-"));
let pinned: PythonVenv = { ok: false, reason: "the venv was not made" };

beforeAll(async () => {
  pinned = await pythonVenv();
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

function must(venv: PythonVenv): Extract<PythonVenv, { ok: true }> {
  if (!venv.ok) throw new Error(venv.reason);
  return venv;
}

describe("pythonVenv", () => {
  test("the pinned SDK's venv lives outside the repo and a second call reuses it, fast", async ({ skip }) => {
    skip(!pinned.ok, pinned.ok ? "" : pinned.reason);
    const first = must(pinned);
    expect(relative(repoRoot, first.dir).startsWith("..")).toBe(true);
    expect(first.dir.startsWith(tmpdir())).toBe(true);

    const began = Date.now();
    const second = must(await pythonVenv());
    expect(Date.now() - began).toBeLessThan(5_000); // a build takes 7 s and more; a reuse ~0.3 s
    expect(second).toMatchObject({ reused: true, python: first.python, dir: first.dir });
    const version = execFileSync(second.python, [
      "-c",
      "import importlib.metadata as m; print(m.version('mcp'))",
    ]);
    expect(`mcp==${version.toString().trim()}`).toBe(PYTHON_REQUIREMENTS[0]);
  });

  test("a partial venv (no ready mark) and a broken one (no python) are rebuilt", async ({ skip }) => {
    const built = await pythonVenv({ root, requirements: [] });
    skip(!built.ok, built.ok ? "" : built.reason);
    const venv = must(built);
    expect(venv.reused).toBe(false);
    expect(must(await pythonVenv({ root, requirements: [] })).reused).toBe(true);

    rmSync(join(venv.dir, ".mcp-inspector-ready"));
    expect(must(await pythonVenv({ root, requirements: [] })).reused).toBe(false);

    rmSync(venvPython(venv.dir));
    const rebuilt = must(await pythonVenv({ root, requirements: [] }));
    expect(rebuilt.reused).toBe(false);
    expect(execFileSync(rebuilt.python, ["-c", "print('ran')"]).toString().trim()).toBe("ran");
  });

  test("an install that fails says why, in one sentence, and marks nothing ready", async ({ skip }) => {
    const own = mkdtempSync(join(root, "fails-"));
    const base = await pythonVenv({ root: own, requirements: [] });
    skip(!base.ok, base.ok ? "" : base.reason);
    // A requirement that is a missing local file: pip fails at once, without asking any index.
    const missing = join(own, "nothing-1.0-py3-none-any.whl");
    const result = await pythonVenv({ root: own, requirements: [missing] });
    expect(result.ok).toBe(false);
    const reason = result.ok ? "" : result.reason;
    expect(reason).toMatch(/^Python tests skipped: pip could not install .*\.$/);
    expect(reason).toContain("No such file or directory");
    expect(reason.split("\n")).toHaveLength(1);
    const marks = readdirSync(own)
      .map((name) => join(own, name, ".mcp-inspector-ready"))
      .filter((mark) => existsSync(mark) && readFileSync(mark, "utf8").includes(missing));
    expect(marks).toEqual([]);
  });

  test("callers that ask together build one venv between them", async ({ skip }) => {
    const own = mkdtempSync(join(root, "together-"));
    const all = await Promise.all([1, 2, 3].map(() => pythonVenv({ root: own, requirements: [] })));
    const first = all[0];
    skip(!first?.ok, first && !first.ok ? first.reason : "");
    const ready = all.map(must);
    expect(new Set(ready.map((v) => v.python)).size).toBe(1);
    expect(ready.filter((v) => !v.reused)).toHaveLength(1);
  });

  test("a lock left by a builder that died is cleared", async ({ skip }) => {
    const own = mkdtempSync(join(root, "stale-"));
    const probe = await pythonVenv({ root: own, requirements: [] });
    skip(!probe.ok, probe.ok ? "" : probe.reason);
    const venv = must(probe);
    rmSync(join(venv.dir, ".mcp-inspector-ready"));
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(`${venv.dir}.lock`, String(dead));
    const began = Date.now();
    expect(must(await pythonVenv({ root: own, requirements: [] })).reused).toBe(false);
    expect(Date.now() - began).toBeLessThan(10_000);
  });

  test("where Python is missing, one sentence says so", async () => {
    const result = await pythonVenv({ root, basePython: join(root, "no-python-here") });
    expect(result).toEqual({
      ok: false,
      reason: `Python tests skipped: ${join(root, "no-python-here")} was not found (set MCP_INSPECTOR_PYTHON to a Python ≥ 3.10).`,
    });
  });
});
