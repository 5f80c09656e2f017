/**
 * The one-shot CLI and recorded checks against a WebSocket server (issue 24): a real process per
 * call, the fixture e2e/fixtures/servers/ws-server.mjs on a free loopback port — `resources list
 * ws://…`, `lint` and `hosts`, a config's `"type": "ws"` entry, and a check recorded over
 * WebSocket replaying green headless (`check file`) with its key stored as a `${VAR}` reference.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFileSchema } from "@/lib/check/schema";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { saveCheckFile } from "@/server/check/files";
import { startRecording, stopRecording } from "@/server/check/recorder";
import { runCheckCli, runCli, writeMcpConfig } from "@/server/testing/check-cli";
import { tempDirForFile } from "@/server/testing/temp-dir";
import { wsFixtureForFile } from "@/server/testing/ws-fixture";

const KEY = "fixture-key";
const dir = tempDirForFile("mcp-ws-cli-");
const server = wsFixtureForFile();

describe("the CLI over WebSocket", () => {
  it("resources list|read ws://… with -H, and a 401 explained (no OAuth over WebSocket), exit 1", async () => {
    const listed = await runCli(["resources", "list", `${server.ws}/private`, "-H", `X-Api-Key: ${KEY}`], {
      cwd: dir,
    });
    expect(listed.code, listed.stderr).toBe(0);
    const uris = (JSON.parse(listed.stdout) as { resources: { uri: string }[] }).resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(["fixture://hello", "fixture://counter"]));
    const read = await runCli(
      ["resources", "read", "fixture://hello", "--format", "text", `${server.ws}/mcp`],
      {
        cwd: dir,
      },
    );
    expect(read.stdout).toBe("hello over WebSocket");
    const refused = await runCli(["resources", "list", `${server.ws}/private`], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("OAuth sign-in is not available over WebSocket");
    const wrong = await runCli(["resources", "list", "--transport", "streamable-http", `${server.ws}/mcp`], {
      cwd: dir,
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("choose the WebSocket transport (or Auto), not Streamable HTTP");
  });

  it("lint and the host lens work over WebSocket unchanged (they hear the traffic tap)", async () => {
    const lint = await runCli(["lint", "--format", "json", `${server.ws}/mcp`], { cwd: dir });
    expect(lint.code, lint.stderr).toBe(0);
    const problems = (
      JSON.parse(lint.stdout) as { problems: { code: string; evidence?: { uri?: string } }[] }
    ).problems;
    const big = problems.find((p) => p.code === "host-text-over-limit");
    expect(big?.evidence?.uri).toBe("fixture://big");
    const seen = await runCli(["hosts", "fixture://hello", "--host", "gemini-cli", `${server.ws}/mcp`], {
      cwd: dir,
    });
    expect(seen.code, seen.stderr).toBe(0);
    expect(seen.stdout).toBe("hello over WebSocket\n");
  });

  it('a config entry with "type": "ws" and a ${VAR} header connects', async () => {
    const config = writeMcpConfig(path.join(dir, ".mcp.json"), {
      sock: { type: "ws", url: `${server.ws}/private`, headers: { "X-Api-Key": "${WS_KEY}" } },
    });
    const r = await runCli(["resources", "read", "fixture://hello", "--config", config, "--server", "sock"], {
      cwd: dir,
      env: { WS_KEY: KEY },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ contents: [{ text: "hello over WebSocket" }] });
  });

  it("a check recorded over WebSocket (list, read, watch) saves the key as ${X_API_KEY} and replays green", async () => {
    const session = new McpSession(
      "rec",
      { kind: "http", url: `${server.ws}/private`, transport: "websocket", headers: { "X-Api-Key": KEY } },
      readConfig(),
      () => undefined,
    );
    try {
      await session.connect();
      const recorder = startRecording(session);
      await session.listResources();
      await session.read("fixture://hello");
      await session.watch("fixture://counter");
      await new Promise((r) => setTimeout(r, 700));
      await recorder.settled();
      const check = recorder.toCheck("ws fixture");
      stopRecording(session);
      expect(check.steps.map((s) => s.action)).toEqual(
        expect.arrayContaining(["connect", "listResources", "read", "watch", "expectUpdated"]),
      );
      const file = path.join(dir, "ws.check.json");
      await saveCheckFile(file, check, { overwrite: false });
      const saved = readFileSync(file, "utf8");
      expect(saved).not.toContain(KEY);
      expect(checkFileSchema.parse(JSON.parse(saved)).server).toMatchObject({
        url: `${server.ws}/private`,
        transport: "websocket",
        headers: { "X-Api-Key": "${X_API_KEY}" },
      });
      const green = await runCheckCli([file], { cwd: dir, env: { X_API_KEY: KEY } });
      expect(green.code, green.stdout + green.stderr).toBe(0);
      expect(green.stdout).toMatch(/PASS 1\/1 checks passed/);
      const red = await runCheckCli([file], { cwd: dir, env: { X_API_KEY: "wrong" } });
      expect(red.code).not.toBe(0);
      expect(red.stdout + red.stderr).toContain("401 Unauthorized to the WebSocket upgrade");
    } finally {
      await session.close();
    }
  });
});
