/**
 * The one-shot CLI against 2026-07-28 servers over Streamable HTTP (issue 35): a real process per
 * call, against the v2 SDK's `createMcpHandler` fixture in both `legacy` modes. `auto` reaches a
 * modern-only server, `--era legacy` on it fails with one sentence, and `subscribe` hears an
 * update over the listen stream of the SDK-default (stateless) server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { startFixtureHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { trackedServers } from "@/server/testing/teardown";

const FIXTURE = "e2e/fixtures/servers/modern-http-server.mjs";
const dir = mkdtempSync(path.join(tmpdir(), "mcp-modern-http-"));
const opts = { cwd: dir };
const tracked = trackedServers();
let reject: HttpServerHandle;
let stateless: HttpServerHandle;

beforeAll(async () => {
  [reject, stateless] = await Promise.all([
    startFixtureHttp(FIXTURE, ["--legacy", "reject"]).then(tracked.track),
    startFixtureHttp(FIXTURE, ["--legacy", "stateless"]).then(tracked.track),
  ]);
});

afterAll(async () => {
  await tracked.stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** `tools/call touch` as a 2026-07-28 client sends it (the server checks the headers). */
async function touch(server: HttpServerHandle): Promise<void> {
  await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "touch",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "touch",
        arguments: {},
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  }).then((r) => r.text());
}

describe("one-shot commands on 2026-07-28 HTTP servers", () => {
  // Its cache hints reach the session (server/mcp/era/modern-http.test.ts); printing them in
  // `--format json` is the cache-hints change's (server/cli/resources.ts output).
  it("resources list under auto connects a modern-only server", async () => {
    const r = await runCli(["resources", "list", `${reject.url}/mcp`], opts);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.stdout) as { resources: { uri: string }[] };
    expect(listed.resources.map((x) => x.uri)).toEqual(
      expect.arrayContaining(["modern-http://note", "modern-http://counter", "modern-http://items/1"]),
    );
  });

  it("--era legacy on it fails with one sentence naming the versions it supports", async () => {
    const r = await runCli(["resources", "list", "--era", "legacy", `${reject.url}/mcp`], opts);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "The server refused the legacy era (initialize answered -32022 Unsupported protocol version): it supports only 2026-07-28; choose the auto or modern era.",
    );
    expect(r.stderr).not.toMatch(/HTTP 405|HTTP 400/);
  });

  it("--era takes auto, legacy or modern only", async () => {
    const r = await runCli(["resources", "list", "--era", "2026", `${reject.url}/mcp`], opts);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--era must be one of auto, legacy, modern, got "2026"');
  });

  it("subscribe on the SDK-default (stateless) server hears an update over subscriptions/listen", async () => {
    const running = runCli(
      ["subscribe", "modern-http://note", "--count", "1", "--timeout", "20000", `${stateless.url}/mcp`],
      opts,
    );
    let done = false;
    void running.finally(() => (done = true));
    // The stream opens once the process has connected: touch until the update got through.
    while (!done) {
      await touch(stateless);
      await new Promise((r) => setTimeout(r, 300));
    }
    const r = await running;
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("modern-http://note");
  });
});
