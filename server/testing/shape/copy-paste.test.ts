import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, repoRoot, runBin } from "./run-tool";

/**
 * The copy-paste budget: jscpd (its settings in .jscpd.json: what it scans, the smallest clone)
 * counts the duplicated blocks, and the counts may not grow. Measured on 2026-10 main (issue 34):
 * 26 clones with a source file on either side, 31 between tests only. When a change removes
 * clones, lower the budget to the new count (the test says so): the next change cannot spend them.
 * `npx jscpd` prints each clone.
 */
const BUDGET = { source: 22, tests: 15 };

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

interface Clone {
  firstFile: { name: string; start: number };
  secondFile: { name: string; start: number };
}

/** jscpd's clones, as the CLI finds them with the repository's settings, in `paths` (default: its own). */
function clones(cwd: string, paths: string[] = []): { source: string[]; tests: string[] } {
  const out = mkdtempSync(path.join(tmpdir(), "jscpd-"));
  try {
    const config = path.join(repoRoot, ".jscpd.json");
    const { status, stderr } = runBin(
      "jscpd/run-jscpd.js",
      ["--config", config, "--reporters", "json", "--output", out, "--absolute", "--silent", ...paths],
      cwd,
    );
    if (status !== 0) throw new Error(`jscpd failed (${status}): ${stderr}`);
    const report = JSON.parse(readFileSync(path.join(out, "jscpd-report.json"), "utf8")) as {
      duplicates: Clone[];
    };
    const where = (f: Clone["firstFile"]) => `${path.relative(cwd, f.name)}:${f.start}`;
    const all = report.duplicates.map((c) => ({
      tests: isTest(c.firstFile.name) && isTest(c.secondFile.name),
      text: `${where(c.firstFile)} ~ ${where(c.secondFile)}`,
    }));
    return {
      source: all.filter((c) => !c.tests).map((c) => c.text),
      tests: all.filter((c) => c.tests).map((c) => c.text),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** What is wrong with these counts against the budget: over it (new clones), or under it (lower it). */
function budgetProblems(found: { source: string[]; tests: string[] }, budget: typeof BUDGET): string[] {
  return (["source", "tests"] as const).flatMap((kind) => {
    const n = found[kind].length;
    if (n > budget[kind])
      return [`${n} ${kind} clones, over the budget of ${budget[kind]}: ${found[kind].join(", ")}`];
    if (n < budget[kind]) return [`${n} ${kind} clones: lower BUDGET.${kind} to ${n}`];
    return [];
  });
}

const block = (
  name: string,
) => `export function ${name}(items: { id: string; size: number; tags: string[] }[]) {
  const byId = new Map<string, number>();
  for (const item of items) {
    if (item.size > 1024 && item.tags.includes("large")) byId.set(item.id, item.size * 2);
    else if (item.tags.length === 0) byId.set(item.id, -1);
    else byId.set(item.id, item.size + item.tags.length);
  }
  const sorted = [...byId.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return sorted.slice(0, 10).map(([id, score]) => ({ id, score, label: \`\${id}: \${score}\` }));
}
`;

const testBlock = (name: string) => `export async function ${name}(urls: string[], timeoutMs: number) {
  const answers: Record<string, number> = {};
  for (const url of urls) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { accept: "application/json" } });
      answers[url] = res.status === 200 ? (await res.text()).length : -res.status;
    } finally {
      clearTimeout(timer);
    }
  }
  return Object.keys(answers).sort().map((url) => [url, answers[url]] as const);
}
`;

describe("copy-paste budget (jscpd)", () => {
  it(`the repository has no more duplicated blocks than its budget (${BUDGET.source} in sources, ${BUDGET.tests} between tests)`, () => {
    expect(budgetProblems(clones(repoRoot), BUDGET)).toEqual([]);
  }, 60_000);

  it("bites: a block pasted into a second file is one more clone, over a budget that had none", () => {
    const f = fixture({
      "lib/first.ts": block("rank"),
      "lib/second.ts": `import { rank } from "./first";\nexport const unrelated = rank([]);\n`,
      "lib/first.test.ts": testBlock("fetchAll"),
      "lib/second.test.ts": `export const x = 1;\n`,
    });
    try {
      expect(clones(f.dir, [f.dir])).toEqual({ source: [], tests: [] });
      f.write("lib/second.ts", block("rankAgain"));
      f.write("lib/second.test.ts", testBlock("fetchAllAgain"));
      const found = clones(f.dir, [f.dir]);
      expect(found).toEqual({
        source: ["lib/first.ts:1 ~ lib/second.ts:1"],
        tests: ["lib/first.test.ts:1 ~ lib/second.test.ts:1"],
      });
      expect(budgetProblems(found, { source: 0, tests: 0 })).toEqual([
        "1 source clones, over the budget of 0: lib/first.ts:1 ~ lib/second.ts:1",
        "1 tests clones, over the budget of 0: lib/first.test.ts:1 ~ lib/second.test.ts:1",
      ]);
      expect(budgetProblems(found, { source: 2, tests: 1 })).toEqual([
        "1 source clones: lower BUDGET.source to 1",
      ]);
    } finally {
      f.remove();
    }
  }, 60_000);
});
