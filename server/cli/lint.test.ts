/**
 * `mcp-resource-inspector lint` as CI runs it: a real process per call against the lint fixture
 * and server-everything over stdio; its exit code and its report in each format, and `--hosts`
 * narrowing the host problems. The lint fixture, clean for the protocol, trips four host rules:
 * host-templates-only (error; gemini-cli, claude-code), host-past-first-page (warning;
 * claude-code), host-templates-without-completion (warning; vscode), host-codex-paging (info; codex).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeServer, runCli, writeMcpConfig } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "mcp-lint-cli-"));
const mark = () => ["-e", `${TEST_MARK_VAR}=${testMark()}`];
const fixture = (...flags: string[]) => [
  ...mark(),
  ...nodeServer("e2e/fixtures/servers/lint-fixture.mjs", ...flags),
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
      ["lint", "--no-hosts", "--format", "sarif", "--output", out, ...fixture("duplicate", "size")],
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
    const r = await runCli(["lint", "--hosts", "none", "--format", "json", ...fixture("size")], opts);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { problems: { code: string }[] };
    expect(body.problems.map((p) => p.code)).toEqual(["size-mismatch"]);
  });

  it("a 2026-07-28 server: each broken MUST is a problem of its code (a second connection compares the list); the v2 SDK's server has none", async () => {
    const modern = (file: string, ...flags: string[]) => [
      ...mark(),
      "--",
      process.execPath,
      path.join(root, "e2e/fixtures/servers", file),
      ...flags,
    ];
    const flags = ["bad-cache-fields", "not-found-no-uri", "no-subscription-id", "per-connection-list"];
    const r = await runCli(
      ["lint", "--no-hosts", "--format", "json", ...modern("modern-misbehaving.mjs", ...flags)],
      opts,
    );
    expect(r.code, r.stderr).toBe(1);
    const body = JSON.parse(r.stdout) as { problems: { code: string; specUrl: string }[] };
    expect([...new Set(body.problems.map((p) => p.code))].sort()).toEqual([
      "invalid-cache-fields",
      "list-differs-between-connections",
      "not-found-without-uri",
      "notification-without-subscription-id",
    ]);
    for (const p of body.problems)
      expect(p.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
    const clean = await runCli(["lint", "--no-hosts", ...modern("modern-server.mjs")], opts);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/no problems found\n$/);
  });

  it("server-everything: no protocol problems; its templates-only content fails Gemini CLI and Claude Code", async () => {
    const everything = [
      ...mark(),
      ...nodeServer("node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"),
    ];
    const r = await runCli(["lint", "--hosts", "vscode,codex", ...everything], opts);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/no problems found\n$/);
    const all = await runCli(["lint", ...everything], opts);
    expect(all.code, all.stderr).toBe(1);
    expect(all.stdout).toContain("error   host-templates-only [gemini-cli, claude-code]\n");
  });

  it("takes the server from --config/--server, like the other commands", async () => {
    const config = writeMcpConfig(path.join(dir, "mcp.json"), {
      broken: {
        command: process.execPath,
        args: [path.join(root, "e2e/fixtures/servers/lint-fixture.mjs"), "stdout-junk"],
        env: { [TEST_MARK_VAR]: testMark() },
      },
    });
    const r = await runCli(["lint", "--no-hosts", "--config", config, "--server", "broken"], opts);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain("stdout-not-jsonrpc");
    expect(r.stdout).toContain("1 error(s), 0 warning(s), 0 info");
  });

  it("reads a --config that starts with a // comment (VS Code's mcp.json) as a config", async () => {
    const config = path.join(dir, "commented-mcp.json");
    const server = {
      command: process.execPath,
      args: [path.join(root, "e2e/fixtures/servers/lint-fixture.mjs")],
      env: { [TEST_MARK_VAR]: testMark() },
    };
    writeFileSync(
      config,
      `\uFEFF// .vscode/mcp.json\n/* the lint fixture */\n${JSON.stringify({ servers: { files: server } }, null, 2)}\n`,
    );
    const r = await runCli(["lint", "--hosts", "none", "--config", config, "--server", "files"], opts);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no problems found\n$/);
  });

  it("exits 2 on bad usage, an unknown host naming the known ones", async () => {
    expect((await runCli(["lint", "--format", "xml", ...fixture()], opts)).code).toBe(2);
    expect((await runCli(["lint"], opts)).code).toBe(2);
    const host = await runCli(["lint", "--hosts", "gemini-cli,cursor", ...fixture()], opts);
    expect(host.code).toBe(2);
    expect(host.stderr).toContain(
      "Unknown host “cursor”: known hosts are gemini-cli, claude-code, vscode, codex.",
    );
    expect((await runCli(["lint", "--hosts", "codex", "--no-hosts", ...fixture()], opts)).code).toBe(2);
  });
});

describe("mcp-resource-inspector lint --hosts", () => {
  it("pretty: host problems name their hosts; only those affecting a listed host stay, and decide the exit", async () => {
    const all = await runCli(["lint", ...fixture()], opts);
    expect(all.code, all.stderr).toBe(1);
    expect(all.stdout).toContain("error   host-templates-only [gemini-cli, claude-code]\n");
    expect(all.stdout).toContain("warning host-templates-without-completion [vscode]\n");
    expect(all.stdout).toContain("info    host-codex-paging [codex]\n");
    expect(all.stdout).toContain("1 error(s), 2 warning(s), 1 info");
    const vscode = await runCli(["lint", "--hosts", "vscode", ...fixture()], opts);
    expect(vscode.code, vscode.stderr).toBe(0);
    expect(vscode.stdout).toContain("warning host-templates-without-completion [vscode]\n");
    expect(vscode.stdout).not.toContain("host-templates-only");
    expect(vscode.stdout).toContain("0 error(s), 1 warning(s), 0 info");
  });

  it("json: protocol problems always stay, host problems keep their hosts field", async () => {
    const r = await runCli(["lint", "--hosts", "claude-code", "--format", "json", ...fixture("size")], opts);
    expect(r.code, r.stderr).toBe(1);
    const body = JSON.parse(r.stdout) as { problems: { code: string; hosts?: string[] }[] };
    expect(body.problems.map((p) => [p.code, p.hosts]).sort()).toEqual([
      ["host-past-first-page", ["claude-code"]],
      ["host-templates-only", ["gemini-cli", "claude-code"]],
      ["size-mismatch", undefined],
    ]);
    const none = await runCli(["lint", "--no-hosts", "--format", "json", ...fixture()], opts);
    expect(none.code, none.stderr).toBe(0);
    expect((JSON.parse(none.stdout) as { problems: unknown[] }).problems).toEqual([]);
  });

  it("sarif: hosts as result properties and tags; the rule's help names the hosts and its facts' sources", async () => {
    const r = await runCli(["lint", "--hosts", "gemini-cli", "--format", "sarif", ...fixture()], opts);
    expect(r.code, r.stderr).toBe(1);
    const run = (
      JSON.parse(r.stdout) as {
        runs: {
          tool: {
            driver: {
              rules: {
                id: string;
                help?: { text: string; markdown: string };
                properties?: { tags: string[] };
              }[];
            };
          };
          results: { ruleId: string; properties: { hosts?: string[]; tags?: string[] } }[];
        }[];
      }
    ).runs[0]!;
    expect(run.results.map((x) => [x.ruleId, x.properties.hosts, x.properties.tags])).toEqual([
      [
        "host-templates-only",
        ["gemini-cli", "claude-code"],
        ["host-compatibility", "host:gemini-cli", "host:claude-code"],
      ],
    ]);
    const rule = run.tool.driver.rules[0]!;
    expect(rule.id).toBe("host-templates-only");
    expect(rule.properties?.tags).toEqual(["host-compatibility", "host:gemini-cli", "host:claude-code"]);
    expect(rule.help?.text).toContain("Affects: Gemini CLI, Claude Code.");
    expect(rule.help?.text).toContain("[V] Gemini CLI: No resources/templates/list");
    expect(rule.help?.markdown).toContain("(https://github.com/google-gemini/gemini-cli/blob/5411f113");
    expect(rule.help?.markdown).toContain("https://github.com/anthropics/claude-code/issues/41860");
  });

  it("judges the config's server name, or --name instead", async () => {
    const config = writeMcpConfig(path.join(dir, "named.json"), {
      "docs:v2": {
        command: process.execPath,
        args: [path.join(root, "e2e/fixtures/servers/host-cli-fixture.mjs")],
        env: { [TEST_MARK_VAR]: testMark() },
      },
    });
    const named = await runCli(["lint", "--format", "json", "--config", config, "--server", "docs:v2"], opts);
    expect(named.code, named.stderr).toBe(1);
    expect(
      (JSON.parse(named.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code),
    ).toEqual(["host-server-name-colon", "host-server-name-chars"]);
    const renamed = await runCli(["lint", "--name", "docs", "--config", config, "--server", "docs:v2"], opts);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stdout).toMatch(/no problems found\n$/);
  });
});
