/**
 * The code cache bin.mjs installs on Node < 22.1: modules under node_modules/next/ compiled through
 * it behave as Node compiles them (require, require.resolve, __dirname; a module calling import()
 * is left to Node), a second process reads what the first wrote — and still works — and a cache
 * folder others could write is never used.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(tmpdir(), "compile-cache-"));
const temp = path.join(root, "tmp");
mkdirSync(temp);
const pkg = path.join(root, "node_modules", "next");
mkdirSync(path.join(pkg, "lib"), { recursive: true });
writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "next", main: "index.js" }));
writeFileSync(
  path.join(pkg, "index.js"),
  `const helper = require("./lib/helper");
module.exports = async () => ({
  helper: helper(),
  resolved: path.relative(__dirname, require.resolve("./lib/helper")),
  dirname: path.basename(__dirname),
  esm: await require("./lib/esm")(),
  cached: require.cache[require.resolve("./lib/helper")] !== undefined,
});
const path = require("node:path");`,
);
writeFileSync(
  path.join(pkg, "lib", "helper.js"),
  `module.exports = () => "helped " + typeof module.exports;`,
);
// import() in a module restored from cached data fails on Node 20: such modules are not cached.
writeFileSync(
  path.join(pkg, "lib", "esm.js"),
  `module.exports = async () => (await import("node:path")).sep;`,
);
const probe = path.join(root, "probe.mjs");
writeFileSync(
  probe,
  `import { installCompileCache } from ${JSON.stringify(path.resolve("server/cli/compile-cache.mjs"))};
import { createRequire } from "node:module";
installCompileCache();
const run = createRequire(${JSON.stringify(path.join(root, "x.js"))})("next");
console.log(JSON.stringify(await run()));`,
);
const cacheDir = path.join(temp, `mcp-resource-inspector-v8-cache-${process.getuid?.() ?? 0}`);
const runProbe = () =>
  JSON.parse(
    execFileSync(process.execPath, [probe], { env: { ...process.env, TMPDIR: temp } }).toString(),
  ) as unknown;
const expected = {
  helper: "helped function",
  resolved: "lib/helper.js",
  dirname: "next",
  esm: "/",
  cached: true,
};
const hasOwnCache = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function";

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(hasOwnCache || process.platform === "win32")("compile cache on Node < 22.1", () => {
  it("compiles like Node, writes 0600 entries in a 0700 folder, and a second process reads them", () => {
    expect(runProbe()).toEqual(expected);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const entries = readdirSync(cacheDir);
    // index.js and lib/helper.js; not lib/esm.js (it calls import()), nor the probe (not Next's).
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(statSync(path.join(cacheDir, e)).mode & 0o777).toBe(0o600);
    const written = entries.map((e) => statSync(path.join(cacheDir, e)).mtimeMs);
    expect(runProbe()).toEqual(expected);
    // Read, not rewritten: V8 accepted them.
    expect(readdirSync(cacheDir).map((e) => statSync(path.join(cacheDir, e)).mtimeMs)).toEqual(written);
  });

  it("a cache folder others can write is never read or written", () => {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    expect(runProbe()).toEqual(expected);
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});
