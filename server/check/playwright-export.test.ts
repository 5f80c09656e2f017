/**
 * An exported Playwright spec really runs: it imports the package API by its public name
 * ("mcp-resource-inspector/check", resolved through package.json exports), runs the check file
 * against a fresh demo server, passes, and fails when the server's content changes.
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { checkFileSchema } from "@/lib/check/schema";
import { leftoverProcesses, TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { serializeCheck } from "./files";
import { playwrightSpec } from "./playwright-export";
import { runCheck } from "./runner";

const exec = promisify(execFile);
const root = process.cwd();
const dir = path.join(root, "e2e/.generated", `export-${process.pid}`);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  expect(await leftoverProcesses()).toEqual([]);
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
