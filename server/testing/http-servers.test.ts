/**
 * The HTTP servers other tests lean on behave as their docs say, seen from a real client over
 * real HTTP: server-everything in both HTTP modes, and every path of the misbehaving fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import { markedProcesses } from "./processes";
import { freePort, startEverythingHttp, startFixtureHttp, type HttpServerHandle } from "./http-servers";
import { trackedServers } from "@/server/testing/teardown";

const MISBEHAVING = "e2e/fixtures/servers/http-misbehaving.ts";
const tracked = trackedServers();
const track = tracked.track;

afterAll(async () => {
  await tracked.stopAll();
});

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
};
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, { method: "POST", headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });
}

function firstText(result: ReadResourceResult): string | undefined {
  const content = result.contents[0];
  return content && "text" in content ? content.text : undefined;
}

async function connect(transport: StreamableHTTPClientTransport | SSEClientTransport): Promise<Client> {
  const client = new Client({ name: "http-servers-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A Streamable HTTP client whose `standalone` resolves once its GET stream (server → client) is open. */
function streamableClient(url: string): {
  transport: StreamableHTTPClientTransport;
  standalone: Promise<void>;
} {
  let opened: () => void = () => {};
  const standalone = new Promise<void>((r) => (opened = r));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if ((init?.method ?? "GET") === "GET" && res.ok) opened();
      return res;
    },
  });
  return { transport, standalone };
}

describe("freePort", () => {
  it("gives a loopback port nothing listens on", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

describe("startEverythingHttp", () => {
  it("serves Streamable HTTP at /mcp on a free port, marked, and restarts on the same port", async () => {
    const server = track(await startEverythingHttp("streamableHttp"));
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    expect(server.port).not.toBe(3001);
    expect(markedProcesses().map((p) => p.pid)).toContain(server.pid);

    const client = await connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await client.listResources()).resources).toHaveLength(7);

    const firstPid = server.pid;
    await server.restart();
    track(server);
    expect(server.pid).not.toBe(firstPid);
    // The old session is gone with the old process.
    await expect(client.listResources()).rejects.toThrow();
    await client.close();

    const again = await connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await again.listResources()).resources).toHaveLength(7);
    await again.close();

    await server.stop();
    await server.stop(); // idempotent
    expect(markedProcesses().map((p) => p.pid)).not.toContain(server.pid);
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it("serves the legacy HTTP+SSE transport at /sse, where a Streamable HTTP POST answers 404", async () => {
    const server = track(await startEverythingHttp("sse"));
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/sse`);

    const probe = await post(server.url, INITIALIZE);
    expect(probe.status).toBe(404);

    const client = await connect(new SSEClientTransport(new URL(server.url)));
    expect((await client.listResources()).resources).toHaveLength(7);
    await client.close();
    await server.stop();
  });

  it("fails clearly, with the output tail, when the server cannot start", async () => {
    await expect(startFixtureHttp("e2e/fixtures/servers/no-such-fixture.ts")).rejects.toThrow(
      /exited .*before listening[\s\S]*output tail:[\s\S]*no-such-fixture/,
    );
  });
});

describe("http-misbehaving fixture", () => {
  let server: HttpServerHandle;
  const at = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = track(await startFixtureHttp(MISBEHAVING));
  });

  it("/html answers every request with an HTML page", async () => {
    for (const res of [await fetch(at("/html")), await post(at("/html"), INITIALIZE)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/^<!doctype html>/);
    }
  });

  it("/unauthorized answers 401 with a bare Bearer challenge and has no resource metadata", async () => {
    const res = await post(at("/unauthorized"), INITIALIZE);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="x"');
    for (const path of [
      "/.well-known/oauth-protected-resource/unauthorized",
      "/.well-known/oauth-protected-resource",
    ]) {
      expect((await fetch(at(path))).status).toBe(404);
    }
  });

  it("/forbidden answers 403", async () => {
    expect((await post(at("/forbidden"), INITIALIZE)).status).toBe(403);
  });

  it("/redirect answers 307 to another host name", async () => {
    const res = await fetch(at("/redirect"), { method: "POST", redirect: "manual", body: "{}" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`http://localhost:${server.port}/mcp`);
  });

  it("/huge initializes, accepts notifications, refuses GET and lists more than 12 MB", async () => {
    const init = await post(at("/huge"), INITIALIZE);
    expect(init.status).toBe(200);
    const sessionId = init.headers.get("mcp-session-id");
    expect(sessionId).toBeTruthy();
    expect(await init.json()).toMatchObject({
      id: 1,
      result: { protocolVersion: "2025-06-18", capabilities: { resources: {} } },
    });
    const session = { "Mcp-Session-Id": sessionId ?? "" };
    expect(
      (await post(at("/huge"), { jsonrpc: "2.0", method: "notifications/initialized" }, session)).status,
    ).toBe(202);
    expect((await fetch(at("/huge"), { headers: session })).status).toBe(405);

    const list = await post(at("/huge"), { jsonrpc: "2.0", id: 2, method: "resources/list" }, session);
    expect(list.headers.get("content-type")).toBe("application/json");
    const text = await list.text();
    expect(text.length).toBeGreaterThan(12 * 1024 * 1024);
    const parsed = JSON.parse(text) as { id: number; result: { resources: unknown[] } };
    expect(parsed.id).toBe(2);
    expect(parsed.result.resources.length).toBeGreaterThan(1000);
  });

  it("/hang-midstream initializes, then opens an event stream that sends one comment and stalls", async () => {
    const init = await post(at("/hang-midstream"), INITIALIZE);
    expect(init.status).toBe(200);
    const session = { "Mcp-Session-Id": init.headers.get("mcp-session-id") ?? "" };
    await init.body?.cancel();

    const abort = new AbortController();
    const res = await fetch(at("/hang-midstream"), {
      method: "POST",
      headers: { ...MCP_HEADERS, ...session },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "resources/list" }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^:/);
    const next = await Promise.race([
      reader.read().then(() => "more"),
      new Promise((r) => setTimeout(() => r("silence"), 1_000)),
    ]);
    expect(next).toBe("silence");
    abort.abort();
    await reader.cancel().catch(() => {});
  });

  it("/mcp is a correct server: resources, subscribe, bump → updated + list_changed", async () => {
    const { transport, standalone } = streamableClient(at("/mcp"));
    const client = await connect(transport);
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(["fixture://hello", "fixture://counter"]));
    expect((await client.readResource({ uri: "fixture://hello" })).contents).toEqual([
      { uri: "fixture://hello", mimeType: "text/plain", text: "hello" },
    ]);
    const before = Number(firstText(await client.readResource({ uri: "fixture://counter" })));

    const updated = new Promise<string>((r) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => r(n.params.uri)),
    );
    const listChanged = new Promise<void>((r) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => r()),
    );
    await client.subscribeResource({ uri: "fixture://counter" });
    // Unrelated notifications travel on the GET stream (spec: transports §Listening for Messages).
    await standalone;
    await client.callTool({ name: "bump" });

    expect(await updated).toBe("fixture://counter");
    await listChanged;
    const after = await client.readResource({ uri: "fixture://counter" });
    expect(firstText(after)).toBe(String(before + 1));
    const added = (await client.listResources()).resources.map((r) => r.uri);
    expect(added).toContain(`fixture://added-${before + 1}`);
    await client.close();
  });

  it("/mcp answers 404 to an unknown session id, so a restart expires a live session", async () => {
    const unknown = await post(
      at("/mcp"),
      { jsonrpc: "2.0", id: 5, method: "ping" },
      { "Mcp-Session-Id": "nope" },
    );
    expect(unknown.status).toBe(404);

    const init = await post(at("/mcp"), INITIALIZE);
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    await init.body?.cancel();
    const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
    const alive = await post(at("/mcp"), ping, { "Mcp-Session-Id": sessionId });
    expect(alive.status).toBe(200);
    await alive.body?.cancel();

    const port = server.port;
    await server.restart();
    track(server);
    expect(server.port).toBe(port);
    expect((await post(at("/mcp"), ping, { "Mcp-Session-Id": sessionId })).status).toBe(404);
    const fresh = await connect(new StreamableHTTPClientTransport(new URL(at("/mcp"))));
    expect(firstText(await fresh.readResource({ uri: "fixture://hello" }))).toBe("hello");
    await fresh.close();
  });

  it("stops for good", async () => {
    await server.stop();
    await expect(fetch(at("/html"))).rejects.toThrow();
  });
});
