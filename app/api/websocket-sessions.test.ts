/**
 * A WebSocket server through the real route handlers (issue 24): POST /api/import reads a pasted
 * ws:// URL and Claude Code's `"type": "ws"`, POST /api/sessions connects one (the fixture
 * e2e/fixtures/servers/ws-server.mjs) and refuses a URL its transport cannot speak, or OAuth
 * settings over WebSocket, with a 400 that says why.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { ImportResponse } from "@/lib/api/contract";
import { call, callJson } from "@/server/testing/route-client";
import { wsFixtureForFile } from "@/server/testing/ws-fixture";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const readRoute = await import("./sessions/[id]/read/route");
const importRoute = await import("./import/route");

const server = wsFixtureForFile();
afterAll(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
});

interface Reply {
  id: string;
  status: string;
  launch: { kind: string; url: string; transport: string; headerNames: string[] };
  transport: { kind: string; used: string | null; sessionId: string | null };
  error: { code: string; message: string };
}
const post = (body: unknown) => callJson<Reply>(sessionsRoute.POST, { method: "POST", body });

describe("WebSocket servers through the API", () => {
  it("POST /api/import: a pasted ws:// URL, and Claude Code's type ws entry", async () => {
    const line = await callJson<ImportResponse>(importRoute.POST, {
      method: "POST",
      body: { text: `${server.ws}/mcp` },
    });
    expect(line.body.servers.map((s) => s.launch)).toEqual([
      { kind: "http", url: `${server.ws}/mcp`, transport: "auto", headers: {} },
    ]);
    const text = JSON.stringify({ mcpServers: { sock: { type: "ws", url: `${server.ws}/mcp` } } });
    const config = await callJson<ImportResponse>(importRoute.POST, { method: "POST", body: { text } });
    expect(config.body.servers[0]).toMatchObject({ name: "sock", launch: { transport: "websocket" } });
  });

  it("POST /api/sessions {url: ws://…}: 201 over WebSocket with header names only, then a read", async () => {
    const res = await post({ url: `${server.ws}/private`, headers: { "X-Api-Key": "fixture-key" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe("connected");
    expect(res.body.launch).toMatchObject({ transport: "auto", headerNames: ["X-Api-Key"] });
    expect(res.body.transport).toMatchObject({ kind: "http", used: "websocket", sessionId: null });
    expect(JSON.stringify(res.body)).not.toContain("fixture-key");
    const read = await call(readRoute.GET, {
      params: { id: res.body.id },
      path: `/x?uri=${encodeURIComponent("fixture://hello")}`,
    });
    expect(await read.text()).toContain("hello over WebSocket");
  });

  it("a 401 on the upgrade is a 502 that says OAuth is not available over WebSocket", async () => {
    const res = await post({ url: `${server.ws}/private` });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toContain("OAuth sign-in is not available over WebSocket");
  });

  it("400 for a ws:// URL with an HTTP transport, an http:// URL with WebSocket, and OAuth settings over WebSocket", async () => {
    const sse = await post({ url: `${server.ws}/mcp`, transport: "sse" });
    expect(sse.status).toBe(400);
    expect(sse.body.error.message).toBe(
      "A ws:// URL is a WebSocket server: choose the WebSocket transport (or Auto), not SSE.",
    );
    const http = await post({ url: server.http, transport: "websocket" });
    expect(http.status).toBe(400);
    expect(http.body.error.message).toMatch(/^The WebSocket transport needs a ws:\/\/ or wss:\/\/ URL/);
    const oauth = await post({ url: `${server.ws}/mcp`, auth: { clientId: "c" } });
    expect(oauth.status).toBe(400);
    expect(oauth.body.error.message).toMatch(/^OAuth sign-in is not available over WebSocket/);
  });
});
