/**
 * An exported Playwright spec really runs: it imports the package API by its public name
 * ("mcp-resource-inspector/check", resolved through package.json exports), runs the check file
 * against a fresh demo server, passes, and fails when the server's content changes. Whatever a
 * check's name or path holds, the spec is exactly its few statements (parsed with TypeScript).
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { checkFileSchema } from "@/lib/check/schema";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { serializeCheck } from "./files";
import { playwrightSpec, specFileName } from "./playwright-export";
import { runCheck } from "./runner";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const exec = promisify(execFile);
const root = process.cwd();
const dir = path.join(root, "e2e/.generated", `export-${process.pid}`);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

async function playwright(env: Record<string, string>) {
  try {
    await exec(
      process.execPath,
      [
        path.join(root, "node_modules/@playwright/test/cli.js"),
        "test",
        "--config",
        path.join(dir, "playwright.config.mjs"),
      ],
      {
        cwd: root,
        env: { ...process.env, ...env },
        timeout: 120_000,
      },
    );
    return 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
}

it("the exported spec passes on the recorded server and fails when its content changes", async () => {
  mkdirSync(dir, { recursive: true });
  const draft = checkFileSchema.parse({
    version: 1,
    name: "exported demo",
    server: {
      preset: "demo",
      // MCP_INSPECTOR_* names never resolve in a check: the test mark goes in as it is.
      env: { DEMO_VARIANT: "${DEMO_VARIANT}", [TEST_MARK_VAR]: testMark() },
    },
    steps: [
      { id: "connect", action: "connect", expect: {} },
      { id: "read", action: "read", uri: "demo://docs/reference/api.txt", expect: { contents: [] } },
    ],
  });
  // Fill the expectations from the real server, as --update does.
  const { updated } = await runCheck(draft, {
    dir,
    vars: { ...process.env, DEMO_VARIANT: "one" },
    update: true,
  });
  const checkFile = path.join(dir, "demo.check.json");
  writeFileSync(checkFile, serializeCheck(updated!));
  const spec = playwrightSpec(updated!, path.relative(root, checkFile));
  expect(spec).toContain('from "mcp-resource-inspector/check"');
  writeFileSync(path.join(dir, "demo.mcp-check.spec.ts"), spec);
  writeFileSync(
    path.join(dir, "playwright.config.mjs"),
    `export default { testDir: ${JSON.stringify(dir)}, reporter: "line" };\n`,
  );

  expect(await playwright({ DEMO_VARIANT: "one" })).toBe(0);
  expect(await playwright({ DEMO_VARIANT: "two" })).toBe(1);
}, 180_000);

/** The spec's statements as TypeScript parses them, and the string literals the test call holds. */
function shape(source: string) {
  const sf = ts.createSourceFile("x.spec.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const strings: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n)) strings.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const parseErrors = (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
  const test = sf.statements[2];
  const body =
    test && ts.isExpressionStatement(test) && ts.isCallExpression(test.expression)
      ? (test.expression.arguments[1] as ts.ArrowFunction).body
      : undefined;
  return {
    parseErrors,
    statements: sf.statements.map((s) => ts.SyntaxKind[s.kind]),
    testBody: body && ts.isBlock(body) ? body.statements.map((s) => s.getText(sf).slice(0, 40)) : [],
    strings,
  };
}

describe("playwrightSpec", () => {
  const check = checkFileSchema.parse({
    version: 1,
    name: "plain",
    server: { preset: "demo" },
    steps: [{ id: "connect", action: "connect", expect: {} }],
  });

  it("embeds a hostile check path and check name as data: the spec is exactly its statements", () => {
    const hostile = [
      'x.check.json\nrequire("child_process").execSync("touch /tmp/pwned");\n//',
      "x\u2028process.exit(1)\u2029.check.json",
      "x\r\nprocess.exit(1); */ process.exit(2) /*",
      'x");process.exit(1);("',
      "x`${process.exit(1)}`\\",
    ];
    for (const p of hostile) {
      for (const name of [p, "plain"]) {
        const source = playwrightSpec({ ...check, name }, p);
        const got = shape(source);
        expect(got.parseErrors, source).toBe(0);
        expect(got.statements, source).toEqual([
          "ImportDeclaration",
          "ImportDeclaration",
          "ExpressionStatement",
        ]);
        expect(got.testBody, source).toEqual([
          "test.setTimeout(60000);",
          "const { passed, report } = await runChec",
          "expect(passed, report).toBe(true);",
        ]);
        expect(got.strings).toEqual([
          "@playwright/test",
          "mcp-resource-inspector/check",
          `MCP check: ${name}`,
          p,
        ]);
        // The comment line stays one line: nothing after it but the test call.
        const lines = source.split(/\r\n|\r|\n|\u2028|\u2029/);
        expect(lines[3]!.startsWith("// Generated by mcp-resource-inspector from ")).toBe(true);
        expect(lines[4]!.startsWith("test(")).toBe(true);
        expect(lines[3]).not.toContain("*/");
      }
    }
  });

  it("derives a safe file name from any check path", () => {
    expect(specFileName("team/api/e2e-demo.check.json")).toBe("e2e-demo.mcp-check.spec.ts");
    expect(specFileName("../../.bashrc")).toBe("bashrc.mcp-check.spec.ts");
    expect(specFileName("a\nb c;$(x).check.json")).toBe("a-b-c-x.mcp-check.spec.ts");
    expect(specFileName("...")).toBe("check.mcp-check.spec.ts");
    expect(specFileName("x".repeat(300))).toBe(`${"x".repeat(80)}.mcp-check.spec.ts`);
  });
});
