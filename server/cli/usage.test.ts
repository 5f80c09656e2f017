/**
 * The command line explains itself, as a user meets it: a real `mcp-resource-inspector` process
 * per call — `--help` naming every subcommand, `<command> --help` exiting 0, a mistyped command
 * and a port in use each one line and exit 2, before anything is built or started.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { COMMANDS } from "./commands.mjs";

const execFileP = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "mcp-usage-"));
// Never a build from a test: whatever it refuses, it refuses before building.
const opts = { cwd: dir, env: { MCP_INSPECTOR_SKIP_BUILD: "1" } };

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mcp-resource-inspector usage", () => {
  it("--help lists every subcommand with one line each and exits 0", async () => {
    const r = await runCli(["--help"], opts);
    expect(r.code).toBe(0);
    for (const c of COMMANDS.filter((c) => c.name !== "start"))
      expect(r.stdout).toMatch(new RegExp(`^  ${c.name} +${c.summary.replace(/[|()]/g, "\\$&")}$`, "m"));
  });

  it("<command> --help prints that command's usage on stdout and exits 0, for every command", async () => {
    for (const { name } of COMMANDS) {
      const r = await runCli([name, "--help"], opts);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout, name).toMatch(/^usage: mcp-resource-inspector /);
      expect(r.stderr, name).toBe("");
    }
    const short = await runCli(["resources", "-h"], opts);
    expect(short.code).toBe(0);
  });

  it("a mistyped command is one line naming the closest one, exit 2, and runs nothing", async () => {
    const r = await runCli(["resource", "list"], opts);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      'mcp-resource-inspector: unknown command "resource": did you mean resources? A server command goes after -- (see --help)\n',
    );
  });

  it("a usage error is the sentence, the usage line and where the rest is — not the whole help (issue 33)", async () => {
    for (const argv of [
      ["lint", "--bogus"],
      ["resources", "list", "--format", "yaml"],
      ["check", "--nope"],
    ]) {
      const r = await runCli(argv, opts);
      expect(r.code, argv.join(" ")).toBe(2);
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines, r.stderr).toHaveLength(3);
      expect(lines[1]).toMatch(/^usage: mcp-resource-inspector /);
      expect(lines[2]).toMatch(/^Run "mcp-resource-inspector \w+ --help" for every option\.$/);
    }
  });

  it("a mistyped URL or npm's leftover port is named as such, never run as a program (issue 33)", async () => {
    const cases: [string[], string][] = [
      [["htp://127.0.0.1:9/mcp"], "did you mean http://127.0.0.1:9/mcp?"],
      [["127.0.0.1:8765/mcp"], "did you mean http://127.0.0.1:8765/mcp?"],
      [["resources", "list", "localhost:3000/mcp"], "did you mean http://localhost:3000/mcp?"],
      [["0"], "npm start -- --port 0"],
    ];
    for (const [argv, says] of cases) {
      const r = await runCli(argv, opts);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toContain(says);
      expect(r.stderr).not.toMatch(/not found|ENOENT/);
    }
  });

  it("a reader that goes away (| head) ends the command quietly, with no EPIPE stack (issue 33)", async () => {
    const demo = path.resolve("dist/demo-server.mjs");
    const bin = path.resolve("server/cli/bin.mjs");
    const script = `set -o pipefail; "${process.execPath}" "${bin}" resources read demo://large/10mb.txt --format text -- "${process.execPath}" "${demo}" 2>"${dir}/err" | head -c 100 >/dev/null; echo "$?"`;
    const r = await execFileP("bash", ["-c", script], {
      cwd: dir,
      env: { ...process.env, MCP_INSPECTOR_SKIP_BUILD: "1", [TEST_MARK_VAR]: testMark() },
    });
    expect(r.stdout.trim()).toBe("0");
    const err = readFileSync(path.join(dir, "err"), "utf8");
    expect(err).not.toMatch(/EPIPE|Error|at /);
    await expectNoLeftoverProcesses((p) => p.cmdline.includes("demo-server"));
  });

  it("a config with several servers names them when one must be picked (issue 33)", async () => {
    const file = path.join(dir, "two.json");
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: { alpha: { command: "node", args: ["a.js"] }, beta: { url: "http://127.0.0.1:9/mcp" } },
      }),
    );
    const r = await runCli(["lint", "--config", file], opts);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file} has 2 servers (alpha, beta): pick one with --server NAME`);
  });

  it("a port in use is one line naming it and suggesting --port 0, exit 2", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const r = await runCli(["--port", String(port), "--no-open"], opts);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `mcp-resource-inspector: port ${port} is in use on 127.0.0.1: give another with --port N, or --port 0 for a free one (see --help)\n`,
      );
      expect(r.stderr).not.toMatch(/EADDRINUSE|setupListenHandle/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
