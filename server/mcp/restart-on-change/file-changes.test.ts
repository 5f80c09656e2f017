/**
 * FileWatcher against real files in a temp folder: the debounce (a burst is one callback), the
 * names it never enters (node_modules, .git), folders created after it started, a single watched
 * file saved the way editors do (write a temp file, rename over), and no fs handle left by close().
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileWatcher } from "./file-changes";

const dirs: string[] = [];
const watchers: FileWatcher[] = [];

afterEach(() => {
  for (const w of watchers.splice(0)) w.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempTree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-file-watch-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "src/lib"), { recursive: true });
  mkdirSync(path.join(dir, "node_modules/dep"), { recursive: true });
  mkdirSync(path.join(dir, ".git/objects"), { recursive: true });
  writeFileSync(path.join(dir, "src/index.ts"), "1");
  return dir;
}

async function watching(target: string, debounceMs = 150) {
  const batches: string[][] = [];
  const watcher = new FileWatcher(
    target,
    (paths) => batches.push(paths),
    (err) => {
      throw err;
    },
    { debounceMs },
  );
  watchers.push(watcher);
  await watcher.start();
  return { watcher, batches };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fs.watch handles alive in this process (each open FSWatcher is one FSEventWrap). */
const fsWatchHandles = () => process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap").length;

describe("FileWatcher", () => {
  it("reports a burst of edits once, after the debounce, with every changed path", async () => {
    const dir = tempTree();
    const { batches } = await watching(dir);
    for (let i = 0; i < 5; i++) {
      writeFileSync(path.join(dir, "src/index.ts"), String(i));
      writeFileSync(path.join(dir, "src/lib/util.ts"), String(i));
      await sleep(40);
    }
    await sleep(60);
    expect(batches).toEqual([]); // still inside the debounce window of the last write
    await sleep(250);
    expect(batches).toEqual([["src/index.ts", "src/lib/util.ts"]]);
  });

  it("never reports changes under node_modules or .git, and never watches inside them", async () => {
    const dir = tempTree();
    const { watcher, batches } = await watching(dir);
    expect(watcher.watchedDirs).toBe(3); // the root, src, src/lib
    writeFileSync(path.join(dir, "node_modules/dep/index.js"), "x");
    writeFileSync(path.join(dir, ".git/objects/ab"), "x");
    mkdirSync(path.join(dir, "node_modules/other"));
    await sleep(400);
    expect(batches).toEqual([]);
    writeFileSync(path.join(dir, "src/index.ts"), "2");
    await sleep(400);
    expect(batches).toEqual([["src/index.ts"]]);
  });

  it("follows a folder created after it started", async () => {
    const dir = tempTree();
    const { batches } = await watching(dir);
    mkdirSync(path.join(dir, "src/new"));
    await sleep(400); // the folder's own creation is one batch
    batches.length = 0;
    writeFileSync(path.join(dir, "src/new/file.ts"), "x");
    await sleep(400);
    expect(batches).toEqual([["src/new/file.ts"]]);
  });

  it("a watched file saved by rename-over is still followed; its neighbours are not reported", async () => {
    const dir = tempTree();
    const file = path.join(dir, "src/index.ts");
    const { batches } = await watching(file);
    writeFileSync(path.join(dir, "src/other.ts"), "x");
    await sleep(300);
    expect(batches).toEqual([]);
    for (const text of ["a", "b"]) {
      writeFileSync(path.join(dir, "src/.index.ts.swp"), text);
      renameSync(path.join(dir, "src/.index.ts.swp"), file);
      await sleep(300);
    }
    expect(batches).toEqual([["index.ts"], ["index.ts"]]);
  });

  it("close() leaves no fs watcher and no pending callback behind", async () => {
    await sleep(50); // earlier tests' closed handles finish closing
    const before = fsWatchHandles();
    const dir = tempTree();
    const { watcher, batches } = await watching(dir);
    expect(fsWatchHandles()).toBe(before + 3);
    writeFileSync(path.join(dir, "src/index.ts"), "3");
    await sleep(20);
    watcher.close();
    await sleep(300);
    expect(batches).toEqual([]);
    expect(fsWatchHandles()).toBe(before);
  });

  it("refuses a path that does not exist", async () => {
    const dir = tempTree();
    await expect(watching(path.join(dir, "missing"))).rejects.toThrow(/ENOENT/);
  });
});
