import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { MAX_LINES, overLineLimit } from "../../../eslint.config.mjs";
import { repoRoot } from "./run-tool";

/**
 * The line limit is ESLint's own `max-lines`, set in eslint.config.mjs and enforced by `eslint .`
 * in `npm run check`. This pins what it applies to (sources of server/, lib/, components/, .mjs
 * too; not tests), proves it bites, and keeps the list of today's offenders honest: a listed file
 * may not grow, and its ceiling follows it down.
 */
const eslint = new ESLint({ cwd: repoRoot });
const linter = new Linter({ configType: "flat" });

async function maxLinesFor(file: string): Promise<unknown> {
  const config = (await eslint.calculateConfigForFile(path.join(repoRoot, file))) as
    { rules?: Record<string, unknown> } | undefined;
  return config?.rules?.["max-lines"];
}

/** What `max-lines`, as configured for `file`, says of a text of `lines` lines. */
async function verdict(file: string, lines: number): Promise<string[]> {
  const setting = (await maxLinesFor(file)) as Linter.RuleEntry;
  const text = Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";
  return linter.verify(text, [{ rules: { "max-lines": setting } }]).map((m) => m.message);
}

const lineCount = (file: string) =>
  readFileSync(path.join(repoRoot, file), "utf8").replace(/\n$/, "").split("\n").length;

describe("line limit (ESLint max-lines)", () => {
  it(`a source file in server/, lib/ or components/ (.ts, .tsx, .mjs) fails lint over ${MAX_LINES} lines; tests are exempt`, async () => {
    for (const file of ["lib/new-file.ts", "components/ui/new-file.tsx", "server/cli/new-file.mjs"]) {
      expect(await verdict(file, MAX_LINES), file).toEqual([]);
      expect(await verdict(file, MAX_LINES + 1), file).toEqual([
        `File has too many lines (${MAX_LINES + 1}). Maximum allowed is ${MAX_LINES}.`,
      ]);
    }
    expect(await maxLinesFor("server/mcp/new-file.test.ts")).toBeUndefined();
    expect(await maxLinesFor("components/ui/new-file.test.tsx")).toBeUndefined();
  });

  it("a file over the limit today is listed at its current count: it may not grow, and its ceiling follows it down", async () => {
    for (const [file, ceiling] of Object.entries(overLineLimit)) {
      const now = lineCount(file);
      expect(
        now,
        `${file} is back under ${MAX_LINES}: remove it from overLineLimit in eslint.config.mjs`,
      ).toBeGreaterThan(MAX_LINES);
      expect(now, `${file} grew past its ceiling ${ceiling}: split it instead`).toBeLessThanOrEqual(ceiling);
      expect(now, `${file} shrank: lower its ceiling in eslint.config.mjs to ${now}`).toBe(ceiling);
      expect(await verdict(file, ceiling), file).toEqual([]);
      expect(await verdict(file, ceiling + 1), file).toEqual([
        `File has too many lines (${ceiling + 1}). Maximum allowed is ${ceiling}.`,
      ]);
    }
  });

  it("no other source file is over the limit (the same files `eslint .` lints)", () => {
    const sources = execFileSync(
      "git",
      ["ls-files", "--cached", "--others", "--exclude-standard", "server", "lib", "components"],
      {
        cwd: repoRoot,
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f));
    const over = sources.filter((f) => !(f in overLineLimit) && lineCount(f) > MAX_LINES);
    expect(over).toEqual([]);
  });
});
