/**
 * What the package ships outside dist/app is one split build (build-bundles.mjs, run by the global
 * setup): a bundle per script of the command table, and the SDKs, zod and ws once, in chunks that
 * every bundle shares. Seven self-contained one-shot bundles and the two others had been 20 MB.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "./commands.mjs";

const dist = path.resolve("dist");
const size = (file: string) => statSync(path.join(dist, file)).size;

const scripts = [...new Set(COMMANDS.map((c) => c.script))];

describe("the shipped bundles", () => {
  it("carry their dependencies once: the command line, the demo server and the package API under 5 MB", () => {
    const cli = readdirSync(path.join(dist, "cli")).filter((f) => f.endsWith(".mjs"));
    const total = [...cli.map((f) => `cli/${f}`), "demo-server.mjs", "check-api.mjs"]
      .map(size)
      .reduce((sum, n) => sum + n, 0);
    expect(total / 2 ** 20).toBeLessThan(5);
    // An entry is its own code and its imports; what it shares with the others is in the chunks.
    for (const entry of ["demo-server.mjs", "check-api.mjs", ...scripts.map((s) => `cli/${s}.mjs`)])
      expect(size(entry), entry).toBeLessThan(256 * 1024);
  });

  it("have one bundle per script of the command table, each exporting run(argv)", () => {
    for (const script of scripts) {
      const code = readFileSync(path.join(dist, "cli", `${script}.mjs`), "utf8");
      expect(code, script).toMatch(/^export\s*\{[^}]*\brun\b[^}]*\};?\s*$/m);
    }
  });
});
