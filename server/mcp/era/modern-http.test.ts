/**
 * The 2026-07-28 era over Streamable HTTP (issue 35), through the real session, against servers
 * built the documented way with the v2 TypeScript SDK (`createMcpHandler` + `toNodeHandler`, in
 * e2e/fixtures/servers/modern-http-server.mjs) in both `legacy` modes, and server-everything as
 * the legacy server `auto` must still find. A recording proxy in front of the fixture shows what
 * went over the wire: the revision's headers, one listen stream at a time, no session id.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { EraChoice, LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { openSession, startFailure, textOf } from "@/server/testing/open-session";
import { startEverythingHttp, startFixtureHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { trackedServers } from "@/server/testing/teardown";
import type { McpSession } from "../session";

const FIXTURE = "e2e/fixtures/servers/modern-http-server.mjs";
const sessions: McpSession[] = [];
const tracked = trackedServers();
const proxies: Server[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  for (const p of proxies.splice(0)) {
    p.closeAllConnections();
    await new Promise((r) => p.close(r));
  }
  await tracked.stopAll();
});

const http = (url: string, era?: Exclude<EraChoice, "auto">): LaunchSpec => ({
  kind: "http",
  url,
  transport: "auto",
  headers: { "X-Inspector-Test": "yes" },
  ...(era ? { era } : {}),
});

const startModern = async (legacy: "reject" | "stateless") =>
  tracked.track(await startFixtureHttp(FIXTURE, ["--legacy", legacy]));

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A proxy to `target` that records every request, and counts the listen streams open now. */
async function recordingProxy(target: HttpServerHandle) {
  const seen: Seen[] = [];
  let openListens = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ method: req.method ?? "", headers: req.headers, body });
      const listen = req.headers["mcp-method"] === "subscriptions/listen";
      const out = request(
        { host: "127.0.0.1", port: target.port, path: req.url, method: req.method, headers: req.headers },
        (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      if (listen) {
        openListens++;
        res.on("close", () => {
          openListens--;
          out.destroy();
        });
      }
      out.end(body);
    });
  });
  proxies.push(proxy);
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const { port } = proxy.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, seen, openListens: () => openListens };
}

const updatedFor =
  (uri: string) =>
  (e: InspectorEvent): e is Extract<InspectorEvent, { type: "resource-updated" }> =>
    e.type === "resource-updated" && e.uri === uri;
const listChanged = (e: InspectorEvent): e is Extract<InspectorEvent, { type: "resources-changed" }> =>
  e.type === "resources-changed";

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the 2026-07-28 era over Streamable HTTP", () => {
  it("a modern-only server (legacy: reject) connects under auto, with cache hints and no session", async () => {
    const server = await startModern("reject");
    const { session } = openSession(sessions, http(`${server.url}/mcp`));
    await session.connect();
    const summary = session.summary();
    expect(summary).toMatchObject({ era: "modern", protocolVersion: "2026-07-28", eraChoice: "auto" });
    expect(summary.transport).toMatchObject({ kind: "http", used: "streamable-http", sessionId: null });
    const listed = await session.listResources();
    expect(listed.items.map((r) => r.uri)).toEqual(
      expect.arrayContaining(["modern-http://note", "modern-http://items/1"]),
    );
    const { receivedAt, ...hints } = listed.hints ?? {};
    expect(hints).toEqual({ ttlMs: 2_000, cacheScope: "public" });
    expect(typeof receivedAt).toBe("number");
    const note = await session.read("modern-http://note");
    expect(textOf(note)).toBe("note after 0 touches");
    expect(note).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    const methods = session.traffic.all().entries.map((e) => e.method);
    expect(methods).toContain("server/discover");
    expect(methods).not.toContain("initialize");
  });

  it("forcing the legacy era on it fails with one sentence naming the versions it supports, and no SSE fallback", async () => {
    const server = await startModern("reject");
    const proxy = await recordingProxy(server);
    const { session } = openSession(sessions, http(proxy.url, "legacy"));
    const err = await startFailure(session);
    expect(err.message).toBe(
      "The server refused the legacy era (initialize answered -32022 Unsupported protocol version): it supports only 2026-07-28; choose the auto or modern era.",
    );
    // One POST (initialize), answered: no GET of the legacy SSE transport after it.
    expect(proxy.seen.map((s) => s.method)).toEqual(["POST"]);
  });

  it("every modern request carries the revision's headers and _meta, the user's headers, and no session id", async () => {
    const server = await startModern("reject");
    const proxy = await recordingProxy(server);
    const { session } = openSession(sessions, http(proxy.url));
    await session.connect();
    await session.listResources();
    await session.read("modern-http://note");
    await session.callTool("touch", {});
    const requests = proxy.seen
      .map((s) => ({ ...s, message: JSON.parse(s.body) as Record<string, unknown> }))
      .filter((s) => "id" in s.message);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const r of requests) {
      const method = r.message.method as string;
      expect(r.headers["mcp-protocol-version"]).toBe("2026-07-28");
      expect(r.headers["mcp-method"]).toBe(method);
      expect(r.headers["x-inspector-test"]).toBe("yes");
      expect(r.headers["mcp-session-id"]).toBeUndefined();
      const meta = (r.message.params as { _meta?: Record<string, unknown> })._meta ?? {};
      expect(meta["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
      expect(meta["io.modelcontextprotocol/clientInfo"]).toMatchObject({ name: "mcp-resource-inspector" });
      expect(meta).toHaveProperty(["io.modelcontextprotocol/clientCapabilities"]);
    }
    const byMethod = (m: string) => requests.find((r) => r.message.method === m)!;
    expect(byMethod("server/discover")).toBeDefined();
    expect(byMethod("resources/read").headers["mcp-name"]).toBe("modern-http://note");
    expect(byMethod("tools/call").headers["mcp-name"]).toBe("touch");
    expect(byMethod("resources/list").headers["mcp-name"]).toBeUndefined();
    expect(proxy.seen.some((s) => s.method === "GET")).toBe(false);
  });

  it("the SDK-default server (legacy: stateless) is modern under auto and live: one listen stream, re-opened with each new filter", async () => {
    const server = await startModern("stateless");
    const proxy = await recordingProxy(server);
    const { session, waitFor, events } = openSession(sessions, http(proxy.url));
    await session.connect();
    expect(session.summary()).toMatchObject({ era: "modern", protocolVersion: "2026-07-28" });
    // listChanged is declared: a listen stream for resourcesListChanged is open from the start.
    await until(() => proxy.openListens() === 1);

    const watch = await session.watch("modern-http://note");
    expect(watch.info().unacknowledged).toBeUndefined();
    await session.watch("modern-http://counter");
    // Each watch replaced the stream: the old ones were closed, one is open.
    await until(() => proxy.openListens() === 1);
    const listens = proxy.seen.filter((s) => s.headers["mcp-method"] === "subscriptions/listen");
    expect(listens).toHaveLength(3);
    expect(JSON.parse(listens[2]!.body)).toMatchObject({
      params: {
        notifications: {
          resourcesListChanged: true,
          resourceSubscriptions: ["modern-http://note", "modern-http://counter"],
        },
      },
    });

    const from = events.length;
    await session.callTool("touch", { add: true });
    await waitFor(updatedFor("modern-http://note"), 10_000, from);
    await waitFor(updatedFor("modern-http://counter"), 10_000, from);
    expect(textOf(await session.read("modern-http://note"))).toBe("note after 1 touches");
    const changed = await waitFor(listChanged, 10_000, from);
    expect(changed.diff.added).toContain("modern-http://items/2");
    expect(proxy.seen.some((s) => s.method === "GET" || s.headers["mcp-session-id"])).toBe(false);
  });

  it("a listen stream that drops is noticed and opened again with backoff, and updates arrive on the new one", async () => {
    const server = await startModern("stateless");
    const { session, waitFor, events } = openSession(sessions, http(`${server.url}/mcp`));
    await session.connect();
    const acks = () =>
      session.traffic
        .all()
        .entries.filter(
          (e) => e.direction === "in" && e.method === "notifications/subscriptions/acknowledged",
        ).length;
    await session.watch("modern-http://note");
    const acked = acks();
    await server.restart();
    tracked.track(server);
    const noted = () =>
      session.stderr.all().lines.some((l) => l.includes("ended the subscriptions/listen stream"));
    await until(noted, 10_000);
    // The server is back (a fresh process, touches from 0): once the re-opened stream is
    // acknowledged, a touch reaches it.
    await until(() => acks() > acked, 15_000);
    const from = events.length;
    await session.callTool("touch", {});
    await waitFor(updatedFor("modern-http://note"), 10_000, from);
    expect(session.status).toBe("connected");
  });
});

describe("legacy HTTP servers stay legacy under auto", () => {
  let everything: HttpServerHandle | undefined;
  let sse: HttpServerHandle | undefined;

  it("server-everything over Streamable HTTP: legacy, with its session", async () => {
    everything ??= tracked.track(await startEverythingHttp("streamableHttp"));
    const { session } = openSession(sessions, http(everything.url));
    await session.connect();
    expect(session.summary()).toMatchObject({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(session.summary().transport).toMatchObject({ used: "streamable-http" });
    expect((session.summary().transport as { sessionId: string | null }).sessionId).toBeTruthy();
    expect((await session.listResources()).items.length).toBeGreaterThan(0);
  });

  it("server-everything over the legacy SSE transport: legacy, over SSE", async () => {
    sse ??= tracked.track(await startEverythingHttp("sse"));
    const { session } = openSession(sessions, http(sse.url));
    await session.connect();
    expect(session.summary()).toMatchObject({ era: "legacy" });
    expect(session.summary().transport).toMatchObject({ used: "sse" });
    expect((await session.listResources()).items.length).toBeGreaterThan(0);
  });
});
