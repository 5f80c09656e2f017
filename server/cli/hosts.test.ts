/**
 * `mcp-resource-inspector hosts` as a server author runs it: a real process per call against the
 * demo bundle and the host-cli fixture over stdio. One `--host` prints exactly what that host's
 * module renders (checked against the module's own function and against the literal bytes), several
 * print a section each; a failed read is still rendered and exits 1; bad usage exits 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeReadResult } from "@/lib/hosts/claude-code";
import { codexReadText } from "@/lib/hosts/codex";
import { geminiReadText } from "@/lib/hosts/gemini-cli";
import type { HostReadView, ReadContent } from "@/lib/hosts/types";
import { DEMO_URIS } from "@/server/demo/uris";
import { runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const root = process.cwd();
const demo = path.resolve("dist/demo-server.mjs");
const fixture = path.join(root, "e2e/fixtures/servers/host-cli-fixture.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-hosts-cli-"));
const opts = () => ({ cwd: dir, env: { [TEST_MARK_VAR]: testMark() } });
const onDemo = ["--", process.execPath, demo];
/** The name hosts give the demo when nothing names it: its own serverInfo.name. */
const DEMO_NAME = "mcp-resource-inspector-demo";
const NOTES = DEMO_URIS.releaseNotes;
const LOGO = DEMO_URIS.logo;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses(
    (p) => p.cmdline.includes("demo-server") || p.cmdline.includes("host-cli-fixture"),
  );
});

/** The read's contents as the one-shot `resources read` gets them (another process, the same server). */
async function contentsOf(uri: string): Promise<ReadContent[]> {
  const r = await runCli(["resources", "read", uri, ...onDemo], opts());
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { contents: ReadContent[] }).contents;
}

describe("mcp-resource-inspector hosts, one --host: exactly the host's text", () => {
  it("a text document: Gemini CLI's read_mcp_resource text, VS Code's file attachment", async () => {
    const gemini = await runCli(["hosts", NOTES, "--host", "gemini-cli", ...onDemo], opts());
    expect(gemini.code, gemini.stderr).toBe(0);
    const input = { serverName: DEMO_NAME, uri: NOTES, isListed: true, contents: await contentsOf(NOTES) };
    expect(gemini.stdout).toBe(geminiReadText(input));
    expect(gemini.stdout).toBe("0.1.0: first demo release.\n\n");
    const vscode = await runCli(["hosts", NOTES, "--host", "vscode", ...onDemo], opts());
    expect(vscode.code, vscode.stderr).toBe(0);
    expect(vscode.stdout).toBe("0.1.0: first demo release.\n");
  });

  it("a PNG blob: a placeholder for Gemini CLI, no bytes for Claude Code, an image for VS Code, base64 for Codex", async () => {
    const contents = await contentsOf(LOGO);
    const input = { serverName: DEMO_NAME, uri: LOGO, isListed: true, contents };
    const out = path.join(dir, "gemini.txt");
    const gemini = await runCli(["hosts", LOGO, "--host", "gemini-cli", "--output", out, ...onDemo], opts());
    expect(gemini.code, gemini.stderr).toBe(0);
    expect(gemini.stdout).toBe("");
    expect(readFileSync(out)).toEqual(Buffer.from(geminiReadText(input)));
    expect(readFileSync(out, "utf8")).toBe("[Binary Data (image/png)]\n");

    const claude = await runCli(["hosts", LOGO, "--host", "claude-code", ...onDemo], opts());
    expect(claude.stdout).toBe(JSON.stringify(claudeReadResult(input), null, 2));
    expect(claude.stdout).toBe(
      '{\n  "contents": [\n    {\n      "uri": "demo://images/logo.png",\n      "mimeType": "image/png"\n    }\n  ]\n}',
    );
    // The image block the page shows beside the JSON is said on stderr, not mixed into the text.
    expect(claude.stderr).toBe(
      "mcp-resource-inspector hosts: the model also gets [Image block (item 1): image/png, content item 1] (not printed)\n",
    );

    const vscode = await runCli(["hosts", LOGO, "--host", "vscode", ...onDemo], opts());
    expect(vscode.stdout).toBe("[Image attachment (item 1): image/png, content item 1]\n");

    const codex = await runCli(["hosts", LOGO, "--host", "codex", "--name", "docs", ...onDemo], opts());
    expect(codex.code, codex.stderr).toBe(0);
    expect(codex.stdout).toBe(codexReadText({ ...input, serverName: "docs" }));
    const blob = (contents[0] as { blob: string }).blob;
    expect(codex.stdout).toBe(
      `{"server":"docs","uri":"demo://images/logo.png","contents":[{"uri":"demo://images/logo.png","mimeType":"image/png","blob":"${blob}"}]}`,
    );
  });

  it("a template-expanded URI the list lacks: Gemini CLI's model is refused it, Codex's reads it", async () => {
    const uri = "demo://users/alice/profile";
    const gemini = await runCli(["hosts", uri, "--host", "gemini-cli", ...onDemo], opts());
    expect(gemini.code, gemini.stderr).toBe(0);
    expect(gemini.stdout).toBe(`Error: Resource not found for URI: ${uri}`);
    const codex = await runCli(["hosts", uri, "--host", "codex", ...onDemo], opts());
    expect(codex.stdout).toContain(`{"server":"${DEMO_NAME}","uri":"${uri}","contents":[{"uri":"${uri}",`);
  });

  it("a failed read is rendered as the host shows it, and exits 1", async () => {
    const server = ["--", process.execPath, fixture, "fails"];
    const gemini = await runCli(
      ["hosts", "hostcli://docs/broken", "--host", "gemini-cli", ...server],
      opts(),
    );
    expect(gemini.code).toBe(1);
    expect(gemini.stdout).toBe("Error: Failed to read resource: MCP error -32603: disk on fire");
    expect(gemini.stderr).toContain("reading hostcli://docs/broken failed: MCP error -32603: disk on fire");
    const codex = await runCli(["hosts", "hostcli://docs/broken", "--host=codex", ...server], opts());
    expect(codex.code).toBe(1);
    expect(codex.stdout).toBe("resources/read failed: MCP error -32603: disk on fire");
  });
});

describe("mcp-resource-inspector hosts, several hosts", () => {
  it("prints each under a heading with its blocks, notes (certainty and source), mention and tokens", async () => {
    const r = await runCli(["hosts", LOGO, ...onDemo], opts());
    expect(r.code, r.stderr).toBe(0);
    const headings = r.stdout.split("\n").filter((l) => l.startsWith("== "));
    expect(headings).toEqual([
      "== Gemini CLI 0.56.0-nightly.20260806 (model) ==",
      "== Claude Code 2.1.240 (model) ==",
      "== VS Code 1.101+ (files at the commits linked) (user) ==",
      "== Codex CLI codex-rs (main, 2026) (model) ==",
    ]);
    expect(r.stdout).toContain("-- read_mcp_resource → model --\n[Binary Data (image/png)]\n");
    expect(r.stdout).toContain(`-- @${DEMO_NAME}:${LOGO} → prompt --\n`);
    expect(r.stdout).toContain("[V] warning: The model gets “[Binary Data (image/png)]”, never the bytes.\n");
    expect(r.stdout).toContain(
      "    read-mcp-resource.ts L140–155: https://github.com/google-gemini/gemini-cli/blob/5411f113",
    );
    expect(r.stdout).toContain("[I] info: Item 1 (image/png) reaches the model as an image.\n");
    expect(r.stdout).toContain(`-- mention --\n@${DEMO_NAME}:${LOGO} (works)\n`);
    expect(r.stdout).toContain("-- tokens --\n≈ 0 (warning past 10,000, limit 25,000;");
  });

  it("--host twice (or comma-separated) picks those hosts, in the order given; --format json gives the views", async () => {
    const r = await runCli(
      ["hosts", NOTES, "--host", "codex", "--host", "gemini-cli", "--format", "json", ...onDemo],
      opts(),
    );
    expect(r.code, r.stderr).toBe(0);
    const views = JSON.parse(r.stdout) as HostReadView[];
    expect(views.map((v) => [v.host, v.audience])).toEqual([
      ["codex", "model"],
      ["gemini-cli", "model"],
    ]);
    expect(views[1]?.blocks[0]).toEqual({
      kind: "text",
      title: "read_mcp_resource → model",
      text: "0.1.0: first demo release.\n\n",
      format: "text",
    });
    const text = await runCli(["hosts", NOTES, "--host", "gemini-cli,vscode", ...onDemo], opts());
    expect(text.stdout.split("\n").filter((l) => l.startsWith("== "))).toHaveLength(2);
  });

  it("takes the server and its host name from --config/--server", async () => {
    const config = path.join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          notes: { command: process.execPath, args: [fixture], env: { [TEST_MARK_VAR]: testMark() } },
        },
      }),
    );
    const r = await runCli(
      ["hosts", "hostcli://docs/readme", "--host", "codex", "--config", config, "--server", "notes"],
      opts(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      '{"server":"notes","uri":"hostcli://docs/readme","contents":[{"uri":"hostcli://docs/readme","mimeType":"text/plain","text":"Hello, hosts.\\n"}]}',
    );
  });
});

describe("mcp-resource-inspector hosts, bad usage", () => {
  it("an unknown host is exit 2 naming the known ones; so is a missing URI or format", async () => {
    const host = await runCli(["hosts", NOTES, "--host", "cursor", ...onDemo], opts());
    expect(host.code).toBe(2);
    expect(host.stderr).toContain(
      "Unknown host “cursor”: known hosts are gemini-cli, claude-code, vscode, codex.",
    );
    expect((await runCli(["hosts", ...onDemo], opts())).code).toBe(2);
    expect((await runCli(["hosts", NOTES, "--format", "xml", ...onDemo], opts())).code).toBe(2);
    expect((await runCli(["hosts", NOTES], opts())).code).toBe(2);
  });
});
