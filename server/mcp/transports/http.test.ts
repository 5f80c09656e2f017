/**
 * McpSession over real HTTP: server-everything in its Streamable HTTP and legacy SSE modes, the
 * project's misbehaving fixture (every way a remote server fails), a self-signed TLS server and a
 * port nothing listens on. No mocks: each failure is a real socket doing the wrong thing, and each
 * must end as one specific message, never a hang.
 */
import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { createServer as createNetServer, type Socket } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { HttpTransportChoice, LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { openSession, startFailure, textOf } from "@/server/testing/open-session";
import {
  freePort,
  startEverythingHttp,
  startFixtureHttp,
  type HttpServerHandle,
} from "@/server/testing/http-servers";
import type { McpConfig } from "../config";
import type { McpSession } from "../session";
import { describeHttpFailure } from "./http";
import { MessageTooLargeError, TransportRequestError } from "./owned";
import { trackedServers } from "@/server/testing/teardown";

const MISBEHAVING = "e2e/fixtures/servers/http-misbehaving.ts";
const sessions: McpSession[] = [];
const tracked = trackedServers();
const track = tracked.track;

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  await tracked.stopAll();
});

const http = (url: string, transport: HttpTransportChoice = "auto", headers: Record<string, string> = {}) =>
  ({ kind: "http", url, transport, headers }) satisfies LaunchSpec;

/** A session with its events collected, and a way to wait for one. */
const open = (launch: LaunchSpec, config: Partial<McpConfig> = {}) => openSession(sessions, launch, config);

type Updated = Extract<InspectorEvent, { type: "resource-updated" }>;
type ResourcesChanged = Extract<InspectorEvent, { type: "resources-changed" }>;
const updatedOf =
  (uri: string) =>
  (e: InspectorEvent): e is Updated =>
    e.type === "resource-updated" && e.uri === uri;
const added =
  (test: (uri: string) => boolean) =>
  (e: InspectorEvent): e is ResourcesChanged =>
    e.type === "resources-changed" && e.diff.added.some(test);

describe("server-everything over HTTP", () => {
  const servers: Partial<Record<"streamableHttp" | "sse", HttpServerHandle>> = {};
  beforeAll(async () => {
    const [a, b] = await Promise.all([startEverythingHttp("streamableHttp"), startEverythingHttp("sse")]);
    servers.streamableHttp = track(a);
    servers.sse = track(b);
  });

  const cases = [
    { mode: "streamableHttp", transport: "auto", used: "streamable-http" },
    { mode: "streamableHttp", transport: "streamable-http", used: "streamable-http" },
    { mode: "sse", transport: "auto", used: "sse" },
    { mode: "sse", transport: "sse", used: "sse" },
  ] as const;

  for (const c of cases) {
    it(`${c.mode} with transport ${c.transport}: lists, reads, expands a template, watches and hears list_changed over ${c.used}`, async () => {
      const { session, waitFor, events } = open(http(servers[c.mode]!.url, c.transport));
      await session.connect();
      const summary = session.summary();
      expect(summary.transport).toMatchObject({ kind: "http", used: c.used, reinitialized: 0 });
      if (c.used === "streamable-http")
        expect(summary.transport).toHaveProperty("sessionId", expect.any(String));
      expect(summary.protocolVersion).toBeTruthy();

      const listed = await session.listResources();
      expect(listed.items).toHaveLength(7);
      const doc = listed.items.find((r) => r.uri.endsWith(".md"))!;
      const read = await session.read(doc.uri);
      expect(textOf(read).length).toBeGreaterThan(10);
      const dynamic = await session.read("demo://resource/dynamic/text/1");
      expect(textOf(dynamic)).toContain("1");

      // Updates arrive every 5 s once the tool is called: one is enough, within a bounded wait.
      await session.watch(doc.uri);
      const before = events.length;
      await session.callTool("toggle-subscriber-updates", {});
      await waitFor(updatedOf(doc.uri), 12_000, before);
      await session.callTool("toggle-subscriber-updates", {});

      const data = `data:text/plain;base64,${Buffer.from("hello over http").toString("base64")}`;
      await session.callTool("gzip-file-as-resource", { name: `t-${c.transport}.gz`, data });
      const changed = await waitFor(added((u) => u.includes(`t-${c.transport}.gz`)));
      expect(changed.diff.added).toHaveLength(1);
    });
  }

  it("explicit streamable-http on the legacy /sse URL fails with a clear message, not a fallback", async () => {
    const { session } = open(http(servers.sse!.url, "streamable-http"));
    const err = await startFailure(session);
    expect(err.message).toMatch(/No MCP server answered at .*\/sse \(HTTP 404\)/);
    expect(session.status).toBe("disconnected");
  });

  it("records the HTTP messages both ways in the traffic log", async () => {
    const { session } = open(http(servers.streamableHttp!.url));
    await session.connect();
    await session.listResources();
    const entries = session.traffic.all().entries;
    const shape = entries.map((e) => `${e.direction} ${e.kind} ${e.method ?? ""}`);
    expect(shape).toEqual(
      expect.arrayContaining([
        "out request initialize",
        "in response initialize",
        "out notification notifications/initialized",
        "out request resources/list",
        "in response resources/list",
      ]),
    );
    expect(
      entries.find((e) => e.method === "resources/list" && e.direction === "in")?.latencyMs,
    ).toBeDefined();
  });

  it("a legacy SSE server that restarts hands out a new session: it is re-initialized, not used uninitialized", async () => {
    const server = track(await startEverythingHttp("sse"));
    const { session } = open(http(server.url));
    await session.connect();
    expect(session.summary().transport).toMatchObject({ used: "sse", reinitialized: 0 });
    await server.restart();
    track(server);
    // The EventSource reconnects by itself (about 1 s); the new stream means a new server session.
    await vi.waitFor(() => expect(session.summary().transport).toMatchObject({ reinitialized: 1 }), {
      timeout: 15_000,
      interval: 100,
    });
    expect(session.summary().status).toBe("connected");
    expect((await session.listResources(true)).items).toHaveLength(7);
    expect(session.stderr.all().lines.join("\n")).toMatch(/session expired; initializing a new session/);
  });

  it("survives a restart of server-everything (400 'No valid session ID' is treated as expiry)", async () => {
    // Its own server for this test: the restart drops every session on it.
    const server = track(await startEverythingHttp("streamableHttp"));
    const { session } = open(http(server.url));
    await session.connect();
    expect((await session.listResources()).items).toHaveLength(7);
    const oldId = session.summary().transport;
    await server.restart();
    track(server);
    const read = await session.read("demo://resource/dynamic/text/2");
    expect(textOf(read)).toContain("2");
    const now = session.summary();
    expect(now.status).toBe("connected");
    expect(now.transport).toMatchObject({ kind: "http", reinitialized: 1 });
    expect(now.transport).not.toEqual(oldId);
    expect(session.stderr.all().lines.join("\n")).toMatch(/session expired; initializing a new session/);
  });
});

describe("the fixture's /mcp (a correct stateful Streamable HTTP server)", () => {
  let fixture: HttpServerHandle;
  beforeAll(async () => {
    fixture = track(await startFixtureHttp(MISBEHAVING));
  });

  it("a server that goes away shows as 'event stream lost' at once; when it is back the session is re-initialized", async () => {
    // Its own fixture: this test stops it.
    const own = track(await startFixtureHttp(MISBEHAVING));
    const { session } = open(http(`${own.url}/mcp`));
    await session.connect();
    expect(session.summary().transport).toMatchObject({ streamLost: false });
    await own.stop();
    // The open event stream fails at once; a request (if the stream was not open yet) does too.
    await expect(session.listResources(true)).rejects.toThrow(/Connection refused/);
    expect(session.summary().transport).toMatchObject({ streamLost: true });
    expect(session.summary().status).toBe("connected");
    await own.restart();
    track(own);
    // The next request finds the session forgotten and re-initializes it; the stream is back.
    expect((await session.listResources(true)).items.map((r) => r.uri)).toContain("fixture://hello");
    await vi.waitFor(
      () => expect(session.summary().transport).toMatchObject({ streamLost: false, reinitialized: 1 }),
      { timeout: 10_000, interval: 100 },
    );
  });

  it("watch + bump → resource-updated and a new fixture://added-N; a restart under the live session is survived, watches re-subscribed", async () => {
    const { session, events, waitFor } = open(http(`${fixture.url}/mcp`));
    await session.connect();
    expect(session.summary().transport).toMatchObject({ used: "streamable-http" });
    await session.listResources();
    await session.watch("fixture://counter");

    let from = events.length;
    await session.callTool("bump", {});
    await waitFor(updatedOf("fixture://counter"), 10_000, from);
    await waitFor(
      added((u) => u.startsWith("fixture://added-")),
      10_000,
      from,
    );

    await fixture.restart();
    track(fixture);
    // The next read re-initializes under the user: no error, just a note.
    const read = await session.read("fixture://hello");
    expect(textOf(read)).toBe("hello");
    const summary = session.summary();
    expect(summary.status).toBe("connected");
    expect(summary.transport).toMatchObject({ kind: "http", used: "streamable-http", reinitialized: 1 });
    expect(session.stderr.all().lines.join("\n")).toMatch(/session expired; initializing a new session/);
    expect(summary.error).toBeUndefined();

    // The watch was re-subscribed on the new session: a later bump still reaches it.
    from = events.length;
    await session.callTool("bump", {});
    await waitFor(updatedOf("fixture://counter"), 10_000, from);
    expect(session.summary().transport).toMatchObject({ reinitialized: 1 });
  });
});

describe("remote failures: each a specific message, never a hang", () => {
  let fixture: HttpServerHandle;
  beforeAll(async () => {
    fixture = track(await startFixtureHttp(MISBEHAVING));
  });
  const quick = { connectTimeoutMs: 5_000, requestTimeoutMs: 1_500 };

  it("connection refused", async () => {
    const port = await freePort();
    const { session } = open(http(`http://127.0.0.1:${port}/mcp`), quick);
    const err = await startFailure(session);
    expect(err.message).toBe(`Connection refused by 127.0.0.1:${port}: is the server running on that port?`);
  });

  it("connection refused with the legacy transport too", async () => {
    const port = await freePort();
    const { session } = open(http(`http://127.0.0.1:${port}/sse`, "sse"), quick);
    const err = await startFailure(session);
    expect(err.message).toBe(`Connection refused by 127.0.0.1:${port}: is the server running on that port?`);
  });

  it("a TLS error (self-signed certificate; verification stays on)", async () => {
    const tls = path.join(process.cwd(), "e2e/fixtures/tls");
    const server: HttpsServer = createHttpsServer(
      { key: readFileSync(path.join(tls, "key.pem")), cert: readFileSync(path.join(tls, "cert.pem")) },
      (_req, res) => res.writeHead(404).end(),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { session } = open(http(`https://127.0.0.1:${port}/mcp`), quick);
      const err = await startFailure(session);
      expect(err.message).toMatch(
        /^TLS error talking to 127\.0\.0\.1:\d+: (SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)\.$/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("401 without any OAuth metadata → says no document was found and what to do, at once", async () => {
    const { session } = open(http(`${fixture.url}/unauthorized`), quick);
    const t0 = Date.now();
    const err = await startFailure(session);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(err.message).toContain(
      `${fixture.url}/unauthorized answered 401 Unauthorized and publishes no OAuth metadata`,
    );
    expect(err.message).toContain("add its API key or an Authorization header in the review step");
  });

  it("401 to the user's own Authorization header → about that header; no OAuth request is made", async () => {
    const { session } = open(
      { ...http(`${fixture.url}/unauthorized`), headers: { Authorization: "Bearer mine" } },
      quick,
    );
    const err = await startFailure(session);
    expect(err.message).toMatch(
      /answered 401 Unauthorized to the Authorization header you gave: check its value/,
    );
    expect(session.summary().auth).toBeUndefined();
  });

  it("403 → refused access", async () => {
    const { session } = open(http(`${fixture.url}/forbidden`), quick);
    const err = await startFailure(session);
    expect(err.message).toMatch(/^This server refused access: .*\/forbidden answered 403 Forbidden/);
  });

  it("an HTML page is not MCP", async () => {
    const { session } = open(http(`${fixture.url}/html`), quick);
    const err = await startFailure(session);
    expect(err.message).toMatch(/\/html answered with an HTML page, not MCP\. Check the path/);
  });

  it("a response over the message limit closes the session with MessageTooLargeError's message", async () => {
    const { session } = open(http(`${fixture.url}/huge`), {
      ...quick,
      // The fixture builds its 13 MB answer on first use: the size limit, not the clock, must act.
      requestTimeoutMs: 20_000,
      maxMessageBytes: 1024 * 1024,
    });
    await session.connect();
    const err = await session.listResources().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessageTooLargeError);
    expect((err as Error).message).toMatch(/larger than the 1 MB limit .* the session was closed\./);
    expect(session.status).toBe("disconnected");
    expect(session.summary().error?.message).toBe((err as Error).message);
  });

  it("a server that stops mid-stream: the request times out with the request timeout; the session stays usable", async () => {
    const { session } = open(http(`${fixture.url}/hang-midstream`), quick);
    await session.connect();
    const t0 = Date.now();
    const err = await session.listResources().catch((e: unknown) => e);
    const took = Date.now() - t0;
    expect((err as Error).message).toMatch(/Request timed out/);
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(5_000);
    expect(session.status).toBe("connected");
  });

  it("a redirect to another host is refused and says it was not followed", async () => {
    const { session } = open(http(`${fixture.url}/redirect`), quick);
    const err = await startFailure(session);
    expect(err.message).toMatch(/\/redirect redirected elsewhere; not followed\./);
    expect(err.message).toContain(`localhost:${fixture.port}`);
  });

  it("a server that goes away under a live session: the next read says the connection is refused, and close() does not wait on it", async () => {
    const own = track(await startFixtureHttp(MISBEHAVING));
    const { session } = open(http(`${own.url}/mcp`), quick);
    await session.connect();
    await own.stop();
    const t0 = Date.now();
    const err = await session.read("fixture://hello").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportRequestError);
    expect((err as Error).message).toBe(
      `Connection refused by 127.0.0.1:${own.port}: is the server running on that port?`,
    );
    expect(Date.now() - t0).toBeLessThan(1_000);
    const t1 = Date.now();
    await session.close();
    expect(Date.now() - t1).toBeLessThan(1_500);
    expect(session.status).toBe("disconnected");
  });

  it("a server that forgets the session and then refuses a new one: the read fails with the reason, the session is disconnected", async () => {
    let sessions = 0;
    const forgetful = createHttpServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.method !== "POST") return void res.writeHead(405).end();
        const msg = JSON.parse(body) as { id?: number; method?: string };
        // The handshake completes; from the first request on, the session is forgotten.
        if (msg.method === "notifications/initialized") return void res.writeHead(202).end();
        if (req.headers["mcp-session-id"]) return void res.writeHead(404).end("Session not found");
        // The era probe (server/discover) before initialize is not a session.
        if (msg.method === "initialize" && ++sessions > 1)
          return void res.writeHead(503, { "Content-Type": "text/plain" }).end("Maintenance");
        res.writeHead(200, { "Content-Type": "application/json", "Mcp-Session-Id": "first" });
        res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: msg.id,
            result: {
              protocolVersion: "2025-06-18",
              capabilities: { resources: {} },
              serverInfo: { name: "f", version: "1" },
            },
          }),
        );
      });
    });
    await new Promise<void>((r) => forgetful.listen(0, "127.0.0.1", r));
    try {
      const { port } = forgetful.address() as { port: number };
      const { session } = open(http(`http://127.0.0.1:${port}/mcp`, "streamable-http"), quick);
      await session.connect();
      const err = await session.read("x://y").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportRequestError);
      expect((err as Error).message).toBe(
        `No MCP server answered at http://127.0.0.1:${port}/mcp (HTTP 503). Check the URL and the transport.`,
      );
      expect(session.status).toBe("disconnected");
      expect(session.summary().error?.message).toBe((err as Error).message);
    } finally {
      forgetful.closeAllConnections();
      await new Promise((r) => forgetful.close(r));
    }
  });

  it("a server that accepts the connection and never answers: the connect timeout, not a hang", async () => {
    const sockets = new Set<Socket>();
    const silent = createNetServer((s) => {
      sockets.add(s);
      s.on("error", () => undefined);
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const { port } = silent.address() as { port: number };
      const { session } = open(http(`http://127.0.0.1:${port}/mcp`), { connectTimeoutMs: 1_000 });
      const t0 = Date.now();
      const err = await startFailure(session);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(err.message).toBe(
        "initialize timed out: the server did not answer within 1000 ms (MCP_INSPECTOR_CONNECT_TIMEOUT_MS).",
      );
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe("describeHttpFailure", () => {
  const url = new URL("http://mcp.example.invalid:8080/mcp");
  /** A real Node error object, as `fetch` wraps it: TypeError("fetch failed") with the errno cause. */
  function nodeError(code: string, message = code): Error {
    const cause = Object.assign(new Error(message), { code, errno: -1, syscall: "getaddrinfo" });
    return new TypeError("fetch failed", { cause });
  }

  it.each([
    ["ENOTFOUND", "DNS lookup failed for mcp.example.invalid (ENOTFOUND)."],
    ["EAI_AGAIN", "DNS lookup failed for mcp.example.invalid (EAI_AGAIN)."],
    ["ECONNREFUSED", "Connection refused by mcp.example.invalid:8080: is the server running on that port?"],
    ["ECONNRESET", "mcp.example.invalid:8080 closed the connection (ECONNRESET)."],
    ["CERT_HAS_EXPIRED", "TLS error talking to mcp.example.invalid:8080: CERT_HAS_EXPIRED."],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "TLS error talking to mcp.example.invalid:8080: ERR_TLS_CERT_ALTNAME_INVALID.",
    ],
    ["UND_ERR_HEADERS_TIMEOUT", "mcp.example.invalid:8080 stopped answering (UND_ERR_HEADERS_TIMEOUT)."],
  ])("%s", (code, message) => {
    expect(describeHttpFailure(nodeError(code), url)).toBe(message);
  });

  it("finds the code in the last HTTP error when the SDK's own error is vague", () => {
    expect(describeHttpFailure(new Error("Connection closed"), url, nodeError("ENOTFOUND"))).toBe(
      "DNS lookup failed for mcp.example.invalid (ENOTFOUND).",
    );
  });

  it("leaves a timeout to the session's own wording", () => {
    expect(describeHttpFailure(new Error("Request timed out"), url)).toBeNull();
  });
});
