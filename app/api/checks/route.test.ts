/**
 * POST and GET /api/checks through the real route handlers: every folder and file a request names
 * is inside the one checks root (MCP_INSPECTOR_CHECKS_DIR), writes are atomic, never go through a
 * symlink and never replace a file without `overwrite`; listings are bounded and never quote a file.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CheckFileInput } from "@/lib/check/schema";
import type { CheckListResponse, SaveCheckResponse } from "@/lib/check/results";
import { call } from "@/server/testing/route-client";
import { tempDirForFile } from "@/server/testing/temp-dir";

const base = tempDirForFile("mcp-checks-route-");
// Not there yet: the root is created on demand.
const root = path.join(base, "root", "checks");
const outside = path.join(base, "outside");
mkdirSync(outside);
process.env.MCP_INSPECTOR_CHECKS_DIR = root;

const checksRoute = await import("@/app/api/checks/route");

const SECRET = "sk-9f3e-contents-never-quoted";

const check = (name = "demo check"): CheckFileInput => ({
  version: 1,
  name,
  server: { command: process.execPath, args: ["server.js"], env: {}, cwd: base },
  steps: [{ id: "01-connect", action: "connect", expect: {} }],
});

type ErrorBody = { error?: { code: string; message: string } };

async function save(body: Record<string, unknown>) {
  const res = await call(checksRoute.POST, { method: "POST", body: { check: check(), ...body } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as SaveCheckResponse & ErrorBody };
}

async function list(folder?: string) {
  const query = folder === undefined ? "" : `?folder=${encodeURIComponent(folder)}`;
  const res = await call(checksRoute.GET, { path: `/api/checks${query}` });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: JSON.parse(text) as CheckListResponse & ErrorBody & { truncated?: string },
  };
}

/** Every file below `dir`, dot-names included (a leftover temp file would show here). */
const allFiles = (dir: string, prefix = ""): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );

describe("POST /api/checks", () => {
  it("creates the root on demand and saves into it; the answer names the file relative to it", async () => {
    expect(existsSync(root)).toBe(false);
    const r = await save({});
    expect(r.status, r.text).toBe(201);
    expect(r.body.path).toBe("demo-check.check.json");
    const saved = JSON.parse(readFileSync(path.join(root, "demo-check.check.json"), "utf8")) as {
      server: { cwd: string };
    };
    // The server's cwd is stored relative to the check's folder.
    expect(path.resolve(root, saved.server.cwd)).toBe(base);
    const sub = await save({ folder: "team/api", filename: "Smoke_1" });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.path).toBe("team/api/Smoke_1.check.json");
    expect(existsSync(path.join(root, "team/api/Smoke_1.check.json"))).toBe(true);
  });

  it("refuses folders outside the root, absolute, with .., NUL, control characters or dot-names (400), and writes nothing", async () => {
    for (const folder of [
      "../../tmp/x",
      "..",
      "a/../../x",
      path.join(outside, "abs"),
      "/tmp/x",
      "a\u0000b",
      "a\nb",
      ".git",
      "sub/.hidden",
      "a\\..\\b",
    ]) {
      const r = await save({ folder });
      expect(r.status, JSON.stringify(folder)).toBe(400);
      expect(r.body.error?.code).toBe("bad_request");
    }
    expect(allFiles(outside)).toEqual([]);
    expect(existsSync(path.join(base, "tmp"))).toBe(false);
    expect(existsSync(path.join(base, "root", "x"))).toBe(false);
  });

  it('refuses the file names ".", "..", dot-names and other non-names', async () => {
    for (const filename of [".", "..", ".hidden", ".check.json", "-x", "a/b", "a b"]) {
      const r = await save({ filename });
      expect(r.status, filename).toBe(400);
    }
    expect(allFiles(root).filter((f) => path.basename(f).startsWith("."))).toEqual([]);
  });

  it("never writes through a symlink, even with overwrite: an unrelated file stays as it was", async () => {
    const victim = path.join(outside, "victim.txt");
    writeFileSync(victim, "unrelated\n");
    symlinkSync(victim, path.join(root, "link.check.json"));
    // A link that stays inside the root is refused just the same: the target is a link.
    symlinkSync(path.join(root, "demo-check.check.json"), path.join(root, "inner.check.json"));
    // A dangling one too: creating through it would create the file it points at.
    symlinkSync(path.join(outside, "created.txt"), path.join(root, "dangling.check.json"));
    for (const filename of ["link", "inner", "dangling"]) {
      for (const overwrite of [true, false]) {
        const r = await save({ filename, overwrite });
        expect(r.status, `${filename} ${overwrite}`).toBe(400);
        expect(r.body.error?.message).toBe(
          `${filename}.check.json: is a symbolic link; not writing through it`,
        );
      }
    }
    expect(readFileSync(victim, "utf8")).toBe("unrelated\n");
    expect(existsSync(path.join(outside, "created.txt"))).toBe(false);
    expect(lstatSync(path.join(root, "link.check.json")).isSymbolicLink()).toBe(true);
  });

  it("refuses a folder that is a symlink leading outside the root, and follows one that stays inside", async () => {
    symlinkSync(outside, path.join(root, "out"));
    const r = await save({ folder: "out" });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe("folder: out is a symbolic link that leads outside the checks folder");
    const deeper = await save({ folder: "out/new" });
    expect(deeper.status).toBe(400);
    expect(allFiles(outside)).toEqual(["victim.txt"]);

    symlinkSync(path.join(root, "team"), path.join(root, "alias"));
    const inside = await save({ folder: "alias", filename: "via-alias" });
    expect(inside.status, inside.text).toBe(201);
    expect(existsSync(path.join(root, "team", "via-alias.check.json"))).toBe(true);
  });

  it("without overwrite an existing file is a 409, race-free: of many saves at once exactly one wins", async () => {
    const first = await save({ filename: "once" });
    expect(first.status).toBe(201);
    const again = await save({ filename: "once" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "conflict",
      message: "once.check.json exists; choose another name or overwrite.",
    });

    mkdirSync(path.join(root, "race"));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(checksRoute.POST, {
          method: "POST",
          body: { check: check(`racer ${i}`), folder: "race", filename: "same" },
        }).then((res) => res.status),
      ),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(11);
    // The one file is whole, and no temp file is left behind.
    expect(allFiles(path.join(root, "race"))).toEqual(["same.check.json"]);
    const saved = JSON.parse(readFileSync(path.join(root, "race", "same.check.json"), "utf8")) as {
      name: string;
    };
    expect(saved.name).toMatch(/^racer \d+$/);
  });

  it("with overwrite the file is replaced whole, even when saves race", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(checksRoute.POST, {
          method: "POST",
          body: { check: check(`writer ${i}`), folder: "race", filename: "same", overwrite: true },
        }).then((res) => res.status),
      ),
    );
    expect(results).toEqual(Array.from({ length: 12 }, () => 201));
    expect(allFiles(path.join(root, "race"))).toEqual(["same.check.json"]);
    const saved = JSON.parse(readFileSync(path.join(root, "race", "same.check.json"), "utf8")) as {
      name: string;
    };
    expect(saved.name).toMatch(/^writer \d+$/);
  });
});

describe("GET /api/checks", () => {
  it("lists the root by default, naming paths relative to it; a missing folder is an empty list", async () => {
    const r = await list();
    expect(r.status, r.text).toBe(200);
    expect(r.body.folder).toBe(".");
    const paths = r.body.checks.map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(["demo-check.check.json", "team/api/Smoke_1.check.json"]));
    // Links that leave the root are not listed; nothing below "out" is.
    expect(paths.some((p) => p.startsWith("out/") || p === "link.check.json")).toBe(false);
    const sub = await list("team");
    expect(sub.body.folder).toBe("team");
    expect(sub.body.checks.map((c) => c.path)).toEqual([
      "team/api/Smoke_1.check.json",
      "team/via-alias.check.json",
    ]);
    expect((await list("not-there")).body).toEqual({ folder: "not-there", checks: [] });
  });

  it("refuses folders outside the root (400) and never returns file contents", async () => {
    for (const folder of [
      "/etc/shadow",
      "/etc/passwd",
      "/usr",
      "/proc/self",
      "a\u0000b",
      "../",
      "../../etc",
      "out",
    ]) {
      const r = await list(folder);
      expect(r.status, folder).toBe(400);
      expect(r.body.error?.code).toBe("bad_request");
      expect(r.text).not.toContain("root:");
    }
    const notFolder = await list("demo-check.check.json");
    expect(notFolder.status).toBe(400);
    expect(notFolder.body.error?.message).toBe("folder: demo-check.check.json is not a folder");
  });

  it("a file that is not a check is listed with its line and column or field path, never its text", async () => {
    mkdirSync(path.join(root, "bad"));
    writeFileSync(path.join(root, "bad", "a.check.json"), `${SECRET}:x:0:0\n`);
    writeFileSync(path.join(root, "bad", "b.check.json"), `{"version": 1,\n "name": "${SECRET}",\n}`);
    writeFileSync(
      path.join(root, "bad", "c.check.json"),
      JSON.stringify({ version: 1, name: 1, secret: SECRET }),
    );
    const r = await list("bad");
    expect(r.status).toBe(200);
    expect(r.body.checks).toEqual([
      {
        path: "bad/a.check.json",
        error:
          "bad/a.check.json: not valid JSON at line 1, column 1: a value (object, array, string, number, true, false or null) was expected",
      },
      {
        path: "bad/b.check.json",
        error:
          "bad/b.check.json: not valid JSON at line 3, column 1: a double-quoted property name was expected",
      },
      { path: "bad/c.check.json", error: expect.stringMatching(/^bad\/c\.check\.json: [a-z.]+: /) as string },
    ]);
    expect(r.text).not.toContain(SECRET);
  });

  it("the walk is bounded: at most 500 check files, 2,000 entries and 8 folders deep, and the answer says it was cut", async () => {
    mkdirSync(path.join(root, "many"));
    const body = JSON.stringify(check("many"));
    for (let i = 0; i < 520; i++)
      writeFileSync(path.join(root, "many", `c${String(i).padStart(3, "0")}.check.json`), body);
    const many = await list("many");
    expect(many.body.checks).toHaveLength(500);
    expect(many.body.truncated).toBe("Listing many: stopped at 500 check files.");

    mkdirSync(path.join(root, "wide"));
    for (let i = 0; i < 2_100; i++) writeFileSync(path.join(root, "wide", `f${i}.txt`), "");
    const wide = await list("wide");
    expect(wide.body.truncated).toBe("Listing wide: stopped after looking at 2000 entries.");

    const deep = path.join(root, "deep", ...Array.from({ length: 10 }, (_, i) => `d${i}`));
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(root, "deep", "top.check.json"), body);
    writeFileSync(path.join(deep, "bottom.check.json"), body);
    const d = await list("deep");
    expect(d.body.checks.map((c) => c.path)).toEqual(["deep/top.check.json"]);
    expect(d.body.truncated).toBe("Listing deep: did not look more than 8 folders deep.");
  });
});
