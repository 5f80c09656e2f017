/**
 * Check and env files: errors name the file and where it is wrong, never its text; reads refuse
 * what is not a regular file without blocking; writes are atomic and never follow a symlink;
 * folder walks are asynchronous and bounded.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CheckExistsError,
  CheckFileError,
  findCheckFiles,
  loadCheckFile,
  readEnvFile,
  walkCheckFiles,
  writeFileAtomic,
} from "./files";
import { tempDirForFile } from "@/server/testing/temp-dir";

const dir = tempDirForFile("mcp-files-");
const SECRET = "pw-77c1-never-quoted";
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  return p;
};

describe("loadCheckFile", () => {
  it("says line and column for broken JSON and the field path for schema errors, never the text", async () => {
    await expect(loadCheckFile(file("a.json", `{\n  "k": "${SECRET}"\n  x`), "a.json")).rejects.toThrow(
      new CheckFileError('a.json: not valid JSON at line 3, column 3: "," or "}" was expected'),
    );
    const steps = [
      { id: "same", action: "connect", expect: {} },
      { id: "same", action: "connect", expect: {} },
    ];
    const dup = file(
      "dup.json",
      JSON.stringify({ version: 1, name: "n", server: { preset: "demo" }, steps }),
    );
    await expect(loadCheckFile(dup, "dup.json")).rejects.toThrow(
      new CheckFileError("dup.json: steps.1.id: duplicate step id"),
    );
    const extra = file("extra.json", JSON.stringify({ version: 1, name: SECRET, server: 3, steps: [] }));
    const err = (await loadCheckFile(extra, "extra.json").catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^extra\.json: server: /);
    expect(err.message).not.toContain(SECRET);
  });

  it("a wrong server names the shapes and what is wrong with the nearest; a check must start with connect (issue 33)", async () => {
    const connect = [{ id: "c", action: "connect", expect: {} }];
    const typo = file(
      "typo.json",
      JSON.stringify({ version: 2, name: "n", server: { command: "node", args: "x.js" }, steps: connect }),
    );
    await expect(loadCheckFile(typo, "typo.json")).rejects.toThrow(
      new CheckFileError(
        'typo.json: server: args: expected array (a server is {"command", "args"?, "env"?, "cwd"?}, {"preset": "demo"} or {"url", "transport"?, "headers"?})',
      ),
    );
    const unknown = file(
      "unknown.json",
      JSON.stringify({ version: 2, name: "n", server: { cmd: "node" }, steps: connect }),
    );
    await expect(loadCheckFile(unknown, "unknown.json")).rejects.toThrow(
      new CheckFileError(
        'unknown.json: server: matches none of the allowed shapes: a server is {"command", "args"?, "env"?, "cwd"?}, {"preset": "demo"} or {"url", "transport"?, "headers"?}',
      ),
    );
    const noConnect = file(
      "no-connect.json",
      JSON.stringify({
        version: 1,
        name: "n",
        server: { preset: "demo" },
        steps: [{ id: "l", action: "listResources", expect: { items: [] } }],
      }),
    );
    await expect(loadCheckFile(noConnect, "no-connect.json")).rejects.toThrow(
      /^no-connect\.json: steps\.0: the first step must be \{"action": "connect"\}/,
    );
  });

  it("takes a file that starts with a byte-order mark", async () => {
    const check = {
      version: 1,
      name: "bom",
      server: { preset: "demo" },
      steps: [{ id: "c", action: "connect", expect: {} }],
    };
    expect((await loadCheckFile(file("bom.json", `\uFEFF${JSON.stringify(check)}`))).name).toBe("bom");
  });

  it("refuses a folder, a FIFO (without blocking on it) and a missing file, naming them", async () => {
    mkdirSync(path.join(dir, "folder.check.json"));
    await expect(loadCheckFile(path.join(dir, "folder.check.json"), "f")).rejects.toThrow(
      "f: a folder, not a file",
    );
    execFileSync("mkfifo", [path.join(dir, "fifo.check.json")]);
    await expect(loadCheckFile(path.join(dir, "fifo.check.json"), "p")).rejects.toThrow(
      "p: not a regular file",
    );
    await expect(loadCheckFile(path.join(dir, "none.json"), "n")).rejects.toThrow("n: no such file");
  });
});

describe("readEnvFile", () => {
  it("reads KEY=value lines as Node does: comments, export, quotes, multi-line quoted values", async () => {
    const env = await readEnvFile(
      file("ok.env", `# c\n\nexport A=1\nB="two words"\nC='x'\nD="line1\nline2"\nE=\n`),
      "ok.env",
    );
    expect(env).toEqual({ A: "1", B: "two words", C: "x", D: "line1\nline2", E: "" });
  });

  it("names the file and the first line that is not KEY=value, never a value", async () => {
    await expect(readEnvFile(file("json.env", `A=1\n{"K": "${SECRET}"}`), "json.env")).rejects.toThrow(
      new CheckFileError("env file json.env: line 2: not a KEY=value line"),
    );
    await expect(readEnvFile(file("passwd.env", `root:x:0:0:${SECRET}`), "passwd.env")).rejects.toThrow(
      "env file passwd.env: line 1: not a KEY=value line",
    );
    await expect(readEnvFile(file("open.env", `A=1\nB="${SECRET}\nC=3\n`), "open.env")).rejects.toThrow(
      "env file open.env: line 2: a quoted value is never closed",
    );
    await expect(readEnvFile(path.join(dir, "missing.env"), "missing.env")).rejects.toThrow(
      "env file missing.env: no such file",
    );
  });
});

describe("writeFileAtomic", () => {
  it("creates a new file, refuses an existing one without overwrite, replaces it with", async () => {
    const target = path.join(dir, "w", "x.check.json");
    mkdirSync(path.dirname(target));
    await writeFileAtomic(target, "one", { overwrite: false, label: "x" });
    await expect(writeFileAtomic(target, "two", { overwrite: false, label: "x" })).rejects.toBeInstanceOf(
      CheckExistsError,
    );
    expect(readFileSync(target, "utf8")).toBe("one");
    await writeFileAtomic(target, "three", { overwrite: true, label: "x" });
    expect(readFileSync(target, "utf8")).toBe("three");
    expect(readdirSync(path.dirname(target))).toEqual(["x.check.json"]);
  });

  it("never writes through a symlink, live or dangling, with or without overwrite", async () => {
    const victim = file("victim.txt", "keep");
    const link = path.join(dir, "w", "link.check.json");
    symlinkSync(victim, link);
    const dangling = path.join(dir, "w", "dangling.check.json");
    symlinkSync(path.join(dir, "would-be-created"), dangling);
    for (const target of [link, dangling])
      for (const overwrite of [true, false])
        await expect(writeFileAtomic(target, "evil", { overwrite, label: "l" })).rejects.toThrow(
          "l: is a symbolic link; not writing through it",
        );
    expect(readFileSync(victim, "utf8")).toBe("keep");
    expect(readdirSync(dir)).not.toContain("would-be-created");
  });
});

describe("walkCheckFiles", () => {
  it("yields to the event loop while it walks (a big tree does not stall other requests)", async () => {
    const wide = path.join(dir, "wide");
    mkdirSync(wide);
    for (let i = 0; i < 300; i++) mkdirSync(path.join(wide, `d${i}`));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const walking = walkCheckFiles(wide, wide, { maxDepth: 8, maxEntries: 10_000, maxFiles: 10 });
    const before = ticks;
    await walking;
    clearInterval(timer);
    expect(before).toBe(0);
    expect(ticks).toBeGreaterThan(0);
  });

  it("skips dot-names, node_modules and symlinks leaving the boundary; lists linked files inside it", async () => {
    const w = path.join(dir, "walk");
    file("walk/a.check.json", "{}");
    file("walk/.hidden.check.json", "{}");
    file("walk/.dot/b.check.json", "{}");
    file("walk/node_modules/c.check.json", "{}");
    file("walk/sub/d.check.json", "{}");
    file("outside.check.json", "{}");
    symlinkSync(path.join(dir, "outside.check.json"), path.join(w, "out.check.json"));
    symlinkSync(path.join(w, "a.check.json"), path.join(w, "in.check.json"));
    symlinkSync(dir, path.join(w, "up"));
    const { files, cut } = await walkCheckFiles(w, w, { maxDepth: 8, maxEntries: 100, maxFiles: 100 });
    expect(files.map((f) => path.relative(w, f))).toEqual([
      "a.check.json",
      "in.check.json",
      "sub/d.check.json",
    ]);
    expect(cut).toBeUndefined();
  });
});

describe("findCheckFiles (the CLI)", () => {
  it("takes any path its user gives, files and folders; a missing one is an error naming it", async () => {
    const f = file("cli/x.check.json", "{}");
    expect(await findCheckFiles([path.join(dir, "cli"), f])).toEqual([f]);
    await expect(findCheckFiles([path.join(dir, "nope")])).rejects.toThrow(
      `${path.join(dir, "nope")}: no such file or folder`,
    );
  });
});
