/**
 * `mcp-resource-inspector lint` as CI runs it: a real process per call against the lint fixture
 * and server-everything over stdio; its exit code and its report in each format.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "mcp-lint-cli-"));
const mark = () => ["-e", `${TEST_MARK_VAR}=${testMark()}`];
const fixture = (...flags: string[]) => [
  ...mark(),
  "--",
  process.execPath,
  path.join(root, "e2e/fixtures/servers/lint-fixture.mjs"),
  ...flags,
];
const opts = { cwd: dir };

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

describe("mcp-resource-inspector lint", () => {
  it("exits 1 on errors and writes SARIF 2.1.0 whose results name each rule", async () => {
    const out = path.join(dir, "report.sarif");
    const r = await runCli(
      ["lint", "--format", "sarif", "--output", out, ...fixture("duplicate", "size")],
      opts,
    );
    expect(r.code, r.stderr).toBe(1);
    const sarif = JSON.parse(readFileSync(out, "utf8")) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string; helpUri: string }[] } };
        results: { ruleId: string; level: string }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]?.results.map((x) => [x.ruleId, x.level])).toEqual([
      ["duplicate-uri", "error"],
      ["size-mismatch", "warning"],
    ]);
    expect(
      sarif.runs[0]?.tool.driver.rules.every((rule) =>
        rule.helpUri.startsWith("https://modelcontextprotocol.io/"),
      ),
    ).toBe(true);
  });

  it("exits 0 with only warnings, and prints them as JSON", async () => {
    const r = await runCli(["lint", "--format", "json", ...fixture("size")], opts);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { problems: { code: string }[] };
    expect(body.problems.map((p) => p.code)).toEqual(["size-mismatch"]);
  });

  it("server-everything: exit 0, no problems found", async () => {
    const r = await runCli(
      [
        "lint",
        ...mark(),
        "--",
        process.execPath,
        path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
        "stdio",
      ],
      opts,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/no problems found\n$/);
  });

  it("takes the server from --config/--server, like the other commands", async () => {
    const config = path.join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          broken: {
            command: process.execPath,
            args: [path.join(root, "e2e/fixtures/servers/lint-fixture.mjs"), "stdout-junk"],
            env: { [TEST_MARK_VAR]: testMark() },
          },
        },
      }),
    );
    const r = await runCli(["lint", "--config", config, "--server", "broken"], opts);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain("stdout-not-jsonrpc");
    expect(r.stdout).toContain("1 error(s), 0 warning(s), 0 info");
  });

  it("exits 2 on bad usage", async () => {
    expect((await runCli(["lint", "--format", "xml", ...fixture()], opts)).code).toBe(2);
    expect((await runCli(["lint"], opts)).code).toBe(2);
  });
});
