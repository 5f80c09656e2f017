import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, repoRoot, runBin } from "./run-tool";

/**
 * The import rules of docs/ARCHITECTURE.md (no cycle; app → components/server → lib, never back;
 * lib/ without node:* or React) live in .dependency-cruiser.mjs and are checked on the resolved
 * import graph, so no import form slips past: static, `import()`, relative or `@/`, .mjs, tests.
 */
const CONFIG = path.join(repoRoot, ".dependency-cruiser.mjs");
const KNOWN = path.join(repoRoot, ".dependency-cruiser-known-violations.json");
const BIN = "dependency-cruiser/bin/dependency-cruise.mjs";

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

function cruise(cwd: string, roots: string[], ignoreKnown: boolean): Violation[] {
  const args = ["--config", CONFIG, "--output-type", "json"];
  if (ignoreKnown) args.push("--ignore-known", KNOWN);
  const { stdout, stderr } = runBin(BIN, [...args, ...roots], cwd);
  const result = JSON.parse(stdout || "null") as { summary: { violations: Violation[] } } | null;
  if (!result) throw new Error(`dependency-cruiser gave no report: ${stderr}`);
  return result.summary.violations;
}

const describeViolation = (v: Violation) =>
  v.cycle
    ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(" → ")}`
    : `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*\/node_modules\//, "node_modules/")}`;

describe("import rules (dependency-cruiser)", () => {
  it("the repository has no import cycle and no layering breach, besides the known list, which only shrinks", () => {
    const violations = cruise(repoRoot, ["app", "components", "lib", "server", "e2e"], true);
    const fresh = violations.filter((v) => v.rule.severity !== "ignore").map(describeViolation);
    expect(fresh, "new import violations (see .dependency-cruiser.mjs for each rule's why)").toEqual([]);
    // A known violation that is fixed leaves the list: `npx depcruise-baseline app components lib server e2e`.
    const known = JSON.parse(readFileSync(KNOWN, "utf8")) as unknown[];
    const stillThere = violations.filter((v) => v.rule.severity === "ignore");
    expect(
      stillThere.length,
      "a known violation is gone: regenerate .dependency-cruiser-known-violations.json",
    ).toBe(known.length);
  }, 60_000);

  it("bites on every import form: a cycle, static, dynamic, relative, .mjs and test imports across the layers", () => {
    const f = fixture({
      "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
      // A cycle, also when one side is a type-only import.
      "lib/a.ts": 'import { b } from "./b";\nexport type A = number;\nexport const a = () => b;\n',
      "lib/b.ts": 'import type { A } from "./a";\nexport const b = (x: A) => x;\n',
      "lib/c.ts": "export const c = 1;\n",
      "lib/static.ts": 'import { x } from "@/server/x";\nexport const s = x;\n',
      "lib/dynamic.ts": 'export const d = () => import("@/components/c");\n',
      "lib/relative.ts": 'import "../app/page";\n',
      "lib/node.ts": 'import { readFileSync } from "node:fs";\nexport const n = readFileSync;\n',
      "lib/react.ts": 'import { useState } from "react";\nexport const r = useState;\n',
      "lib/module.mjs": 'import "../server/x.ts";\n',
      // A test beside lib/ code may read fixtures from disk, but still never reaches up a layer.
      "lib/c.test.ts": 'import "node:fs";\nimport "../server/x";\n',
      "components/c.tsx": 'import { x } from "../server/x";\nexport const C = () => x;\n',
      "components/route.ts": 'export const r = () => import("@/app/page");\n',
      "server/x.ts": "export const x = 1;\n",
      "server/cli/tool.mjs": 'await import("../../components/c.tsx");\n',
      "server/r.test.ts": 'await import("@/app/page");\n',
      // The allowed direction passes.
      "app/page.tsx":
        'import "@/components/c";\nimport "@/server/x";\nimport "@/lib/c";\nexport default 1;\n',
    });
    try {
      const found = cruise(f.dir, ["app", "components", "lib", "server"], false)
        .map(describeViolation)
        .sort();
      expect(found).toEqual(
        [
          "components-not-server: components/c.tsx → server/x.ts",
          "components-not-server: components/route.ts → app/page.tsx",
          "lib-below-everything: lib/c.test.ts → server/x.ts",
          "lib-below-everything: lib/dynamic.ts → components/c.tsx",
          "lib-below-everything: lib/module.mjs → server/x.ts",
          "lib-below-everything: lib/relative.ts → app/page.tsx",
          "lib-below-everything: lib/static.ts → server/x.ts",
          "lib-no-node: lib/node.ts → fs",
          "lib-no-react: lib/react.ts → node_modules/react/index.js",
          "no-circular: lib/a.ts → lib/b.ts → lib/a.ts",
          "server-not-ui: server/cli/tool.mjs → components/c.tsx",
          "server-not-ui: server/r.test.ts → app/page.tsx",
        ].sort(),
      );
    } finally {
      f.remove();
    }
  }, 60_000);
});
