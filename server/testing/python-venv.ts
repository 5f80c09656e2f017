/**
 * A Python virtual environment with the Python MCP SDK, for tests that run its real HTTP server.
 * Built once per machine and pin set in os.tmpdir() (never in the repo), reused by every later run.
 * Node only and no test-runner imports: Vitest and Playwright both use it.
 *
 * Measured on this project's machines (pypi.org unreachable, pip configured with local indexes):
 * a plain `pip install mcp==2.3.0` spends ~4 min retrying pypi.org; with `--retries 0 --timeout 5`
 * it takes ~7 s, and the same flags are harmless where pypi.org answers. `python -m venv` with pip
 * costs ~6 s (ensurepip), without it 0.2 s, so the base interpreter's pip installs into the venv
 * (`pip --python`); the venv's own pip is the fallback where the base has none.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What the Python SDK tests run against. Changing a pin makes a new venv (the folder name hashes them). */
export const PYTHON_REQUIREMENTS: readonly string[] = ["mcp==2.3.0"];
/** The SDK's `Requires-Python`. */
const MIN_PYTHON: readonly [number, number] = [3, 10];
/** The base interpreter: `MCP_INSPECTOR_PYTHON`, else `python3` on PATH. */
export const PYTHON_VAR = "MCP_INSPECTOR_PYTHON";
const PIP_FLAGS = [
  "--retries",
  "0",
  "--timeout",
  "5",
  "--disable-pip-version-check",
  "--no-input",
  "--quiet",
];
const READY_FILE = ".mcp-inspector-ready";
const BUILD_TIMEOUT_MS = 5 * 60_000;
const LOCK_POLL_MS = 200;
/** A lock older than this is a builder that died without cleaning up (its pid may be reused). */
const STALE_LOCK_MS = 10 * 60_000;

export type PythonVenv =
  | { ok: true; python: string; dir: string; /** false when this call built it */ reused: boolean }
  | { ok: false; /** One sentence for the skip message. */ reason: string };

export interface PythonVenvOptions {
  /** Where venvs live; os.tmpdir() by default (tests of this helper use a folder of their own). */
  root?: string;
  requirements?: readonly string[];
  /** The base interpreter; default `$MCP_INSPECTOR_PYTHON` or `python3`. */
  basePython?: string;
}

interface Base {
  executable: string;
  version: string;
}

/**
 * The venv for `requirements` (the pinned SDK by default), built if missing, partial or broken.
 * Concurrent callers (test workers) take turns on a lock file beside the venv; the venv is marked
 * ready only after its install finished, and checked (its python runs, the pins are installed)
 * before it is reused. Never throws: a machine without Python gets `{ ok: false, reason }`.
 */
export async function pythonVenv(options: PythonVenvOptions = {}): Promise<PythonVenv> {
  const requirements = options.requirements ?? PYTHON_REQUIREMENTS;
  const basePython = options.basePython ?? process.env[PYTHON_VAR] ?? "python3";
  try {
    return await venvFor(basePython, requirements, options.root ?? tmpdir());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `Python tests skipped: the venv could not be made (${message.split("\n")[0]}).`,
    };
  }
}

async function venvFor(
  basePython: string,
  requirements: readonly string[],
  root: string,
): Promise<PythonVenv> {
  const base = await baseInterpreter(basePython, requirements);
  if ("reason" in base) return { ok: false, reason: base.reason };
  // The ready mark holds what the venv was built from; the folder name is its hash.
  const stamp = JSON.stringify({ python: base.executable, version: base.version, requirements });
  const dir = join(root, `mcp-inspector-py-${createHash("sha256").update(stamp).digest("hex").slice(0, 12)}`);
  const python = venvPython(dir);

  if (await isReady(dir, python, stamp, requirements)) return { ok: true, python, dir, reused: true };
  const lock = `${dir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!takeLock(lock)) {
    if (Date.now() > deadline)
      return { ok: false, reason: `Python tests skipped: another process held ${lock} for over 5 minutes.` };
    await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
  }
  try {
    // Whoever held the lock may have finished the venv meanwhile.
    if (await isReady(dir, python, stamp, requirements)) return { ok: true, python, dir, reused: true };
    const failure = await build(base, dir, python, requirements);
    if (failure) return { ok: false, reason: `Python tests skipped: ${failure}.` };
    writeFileSync(join(dir, READY_FILE), stamp);
    return { ok: true, python, dir, reused: false };
  } finally {
    rmSync(lock, { force: true });
  }
}

export function venvPython(dir: string): string {
  return process.platform === "win32" ? join(dir, "Scripts", "python.exe") : join(dir, "bin", "python");
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  missing: boolean;
}

function run(file: string, args: string[], timeout = BUILD_TIMEOUT_MS): Promise<Run> {
  return new Promise((done) => {
    execFile(file, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
      done({ code, stdout, stderr, missing: (error as NodeJS.ErrnoException | null)?.code === "ENOENT" });
    });
  });
}

/** The last line that says what went wrong (pip's `ERROR:` line when there is one). */
function lastWords(result: Run): string {
  const lines = `${result.stderr}\n${result.stdout}`
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^WARNING: Location .* is ignored/.test(l));
  const line =
    lines.filter((l) => l.startsWith("ERROR:")).at(-1) ?? lines.at(-1) ?? `exit code ${result.code}`;
  return line.replace(/\.$/, "");
}

async function baseInterpreter(
  basePython: string,
  requirements: readonly string[],
): Promise<Base | { reason: string }> {
  const probe = await run(
    basePython,
    [
      "-c",
      "import os, sys; print(os.path.realpath(sys.executable)); print('%d.%d.%d' % sys.version_info[:3])",
    ],
    30_000,
  );
  if (probe.missing)
    return {
      reason: `Python tests skipped: ${basePython} was not found (set ${PYTHON_VAR} to a Python ≥ 3.10).`,
    };
  const [executable, version] = probe.stdout.trim().split("\n");
  if (probe.code !== 0 || !executable || !version)
    return { reason: `Python tests skipped: ${basePython} did not run (${lastWords(probe)}).` };
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major < MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor < MIN_PYTHON[1]))
    return {
      reason: `Python tests skipped: ${basePython} is ${version}, and ${requirements.join(" ") || "the venv"} needs Python ≥ ${MIN_PYTHON.join(".")}.`,
    };
  return { executable, version };
}

/** The marker is written last, so a venv without it is partial; a venv whose python or pins are gone is broken. */
async function isReady(
  dir: string,
  python: string,
  stamp: string,
  requirements: readonly string[],
): Promise<boolean> {
  try {
    if (readFileSync(join(dir, READY_FILE), "utf8") !== stamp) return false;
  } catch {
    return false;
  }
  const pins = requirements.map((r) => r.split("==") as [string, string?]);
  const check = await run(
    python,
    [
      "-c",
      "import importlib.metadata as m, json, sys\n" +
        "for name, version in json.loads(sys.argv[1]):\n" +
        "    assert version is None or m.version(name) == version, name",
      JSON.stringify(pins.map(([name, version]) => [name, version ?? null])),
    ],
    30_000,
  );
  return check.code === 0;
}

/** A fresh venv in `dir` with the requirements installed; the reason when it could not be built. */
async function build(
  base: Base,
  dir: string,
  python: string,
  requirements: readonly string[],
): Promise<string | undefined> {
  rmSync(dir, { recursive: true, force: true });
  const venv = await run(base.executable, ["-m", "venv", "--without-pip", dir]);
  if (venv.code !== 0) return `"${base.executable} -m venv" failed (${lastWords(venv)})`;
  if (requirements.length === 0) return undefined;

  const viaBase = await run(base.executable, [
    "-m",
    "pip",
    "--python",
    python,
    "install",
    ...PIP_FLAGS,
    ...requirements,
  ]);
  if (viaBase.code === 0) return undefined;
  // No pip (or one older than 22.3, without --python) in the base: give the venv its own.
  const hasPip = await run(base.executable, ["-m", "pip", "--python", python, "--version"], 30_000);
  if (hasPip.code === 0) return `pip could not install ${requirements.join(" ")} (${lastWords(viaBase)})`;
  const ensure = await run(python, ["-m", "ensurepip", "--default-pip"]);
  if (ensure.code !== 0)
    return `${base.executable} has no pip to install ${requirements.join(" ")} with (${lastWords(ensure)})`;
  const viaVenv = await run(python, ["-m", "pip", "install", ...PIP_FLAGS, ...requirements]);
  if (viaVenv.code !== 0) return `pip could not install ${requirements.join(" ")} (${lastWords(viaVenv)})`;
  return undefined;
}

/**
 * Create the lock file exclusively (`wx`: one creator wins); clear it first when its holder is gone
 * or it is too old. Clearing a stale lock is not atomic, but a stale lock needs a builder that was
 * killed mid-install and two waiters judging it in the same instant; then two builders share the
 * folder and a later call may find it broken, which it rebuilds.
 */
function takeLock(lock: string): boolean {
  try {
    const fd = openSync(lock, "wx");
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (lockIsStale(lock)) {
    rmSync(lock, { force: true });
    return takeLock(lock);
  }
  return false;
}

function lockIsStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(lock, "utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written this instant
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: the holder is dead. ENOENT: released meanwhile (taking it again is the right move).
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ESRCH" || code === "ENOENT";
  }
}
