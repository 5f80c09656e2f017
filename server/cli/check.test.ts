/**
 * The CLI takes any path its user names (their shell, their files) but, like the app, never
 * prints what a check or env file contains when it is wrong, and never resolves MCP_INSPECTOR_*.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCheckCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-cli-"));
const SECRET = "cli-secret-3e8b-never-printed";

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const r = await runCheckCli(args, { cwd: dir, env });
  return { code: r.code, out: r.stdout + r.stderr };
}

const write = (name: string, content: string) => {
  writeFileSync(path.join(dir, name), content);
  return path.join(dir, name);
};

/** A "server" that prints its argument and exits. */
const echo = (ref: string) =>
  JSON.stringify({
    version: 1,
    name: "echo",
    server: {
      command: process.execPath,
      args: ["-e", "console.error('got ' + process.argv[1]); process.exit(3)", ref],
      env: { [TEST_MARK_VAR]: testMark() },
    },
    timeoutMs: 10_000,
    steps: [{ id: "01-connect", action: "connect", expect: {} }],
  });

it("a broken check file anywhere on disk is named with line and column; its text is not printed", async () => {
  const file = write("broken.check.json", `root:x:0:0:${SECRET}\n`);
  const r = await cli([file]);
  expect(r.code).toBe(1);
  expect(r.out).toContain("broken.check.json: not valid JSON at line 1, column 1");
  expect(r.out).not.toContain(SECRET);
});

it("an env file that is not KEY=value lines stops the run naming the line, not the value", async () => {
  const env = write("vars.env", `A=1\n{"TOKEN": "${SECRET}"}\n`);
  const r = await cli([write("ok.check.json", echo("${A}")), "--env-file", env]);
  expect(r.code).toBe(2);
  expect(r.out).toContain(`env file ${env}: line 2: not a KEY=value line`);
  expect(r.out).not.toContain(SECRET);
});

it("MCP_INSPECTOR_* never resolve, even when set; a missing name says where it may come from", async () => {
  const token = await cli([write("token.check.json", echo("${MCP_INSPECTOR_TOKEN}"))], {
    MCP_INSPECTOR_TOKEN: SECRET,
  });
  expect(token.code).toBe(1);
  expect(token.out).toContain("${MCP_INSPECTOR_TOKEN} cannot be used in a check");
  expect(token.out).not.toContain(SECRET);
  const missing = await cli([write("missing.check.json", echo("${NOT_SET_ANYWHERE}"))]);
  expect(missing.out).toContain(
    "environment variable NOT_SET_ANYWHERE is not set (referenced as ${NOT_SET_ANYWHERE}); set it in the environment or in the file --env-file names",
  );
}, 60_000);

it("an expectSameAs capture that is no capture is named in the JUnit report, never quoted", async () => {
  write("notes.env", `API_KEY=${SECRET}\n`);
  const check = write(
    "same.check.json",
    JSON.stringify({
      version: 3,
      name: "same as notes",
      server: {
        command: process.execPath,
        args: [path.join(process.cwd(), "e2e/fixtures/servers/host-fixture.mjs")],
        env: { [TEST_MARK_VAR]: testMark() },
      },
      timeoutMs: 10_000,
      steps: [
        { id: "01-connect", action: "connect", expect: {} },
        { id: "02-same", action: "expectSameAs", capture: "notes.env" },
      ],
    }),
  );
  const r = await cli([check, "--reporter", "junit"]);
  expect(r.code).toBe(1);
  expect(r.out).toContain(`${path.join(dir, "notes.env")}: not a capture file (not gzip or JSON)`);
  expect(r.out).not.toContain("API_KEY");
  expect(r.out).not.toContain(SECRET);
}, 30_000);
