/**
 * McpSession over a real WebSocket: the project's fixture (e2e/fixtures/servers/ws-server.mjs,
 * one process, the path choosing how it behaves), a plain HTTP server that is no WebSocket and a
 * port nothing listens on. Each failure is a real socket doing the wrong thing and must end as
 * one specific sentence, never a hang.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createNetServer, type Socket } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpTransportChoice, LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { openSession, startFailure, textOf } from "@/server/testing/open-session";
import { freePort, startFixtureHttp } from "@/server/testing/http-servers";
import { wsFixtureForFile } from "@/server/testing/ws-fixture";
import type { McpConfig } from "../config";
import { launchProblem } from "../launch";
import type { McpSession } from "../session";
import { MessageTooLargeError, TransportRequestError } from "./owned";
import { OwnedWebSocketTransport } from "./websocket";

const sessions: McpSession[] = [];
const server = wsFixtureForFile();
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

const quick: Partial<McpConfig> = { connectTimeoutMs: 3_000, requestTimeoutMs: 3_000 };
const remote = (url: string, transport: HttpTransportChoice = "auto", headers: Record<string, string> = {}) =>
  ({ kind: "http", url, transport, headers }) satisfies LaunchSpec;
const open = (launch: LaunchSpec, config: Partial<McpConfig> = quick) =>
  openSession(sessions, launch, config);

describe("a WebSocket MCP server", () => {
  for (const transport of ["auto", "websocket"] as const)
    it(`transport ${transport} on ws://: connects, lists, reads, and logs the traffic both ways through the tap`, async () => {
      const { session } = open(remote(`${server.ws}/mcp`, transport));
      await session.connect();
      expect(session.summary().transport).toEqual({
        kind: "http",
        url: `${server.ws}/mcp`,
        used: "websocket",
        sessionId: null,
        reinitialized: 0,
        streamLost: false,
        streamNote: null,
      });
      expect(session.serverInfo?.name).toBe("ws-fixture");
      const listed = await session.listResources();
      expect(listed.items.map((r) => r.uri)).toContain("fixture://hello");
      expect(textOf(await session.read("fixture://hello"))).toBe("hello over WebSocket");
      const shape = session.traffic.all().entries.map((e) => `${e.direction} ${e.kind} ${e.method ?? ""}`);
      expect(shape).toEqual(
        expect.arrayContaining([
          "out request initialize",
          "in response initialize",
          "out request resources/read",
          "in response resources/read",
        ]),
      );
    });

  it("watching the subscribable resource hears notifications/resources/updated", async () => {
    const { session, waitFor } = open(remote(`${server.ws}/mcp`));
    await session.connect();
    await session.watch("fixture://counter");
    await waitFor(
      (e: InspectorEvent): e is Extract<InspectorEvent, { type: "resource-updated" }> =>
        e.type === "resource-updated" && e.uri === "fixture://counter",
      5_000,
    );
  });

  it("the user's headers go on the handshake; the ones the handshake owns are left out and said so", async () => {
    const { session } = open(
      remote(`${server.ws}/private`, "websocket", {
        "X-Api-Key": "fixture-key",
        "Sec-WebSocket-Protocol": "evil",
      }),
    );
    await session.connect();
    const seen = JSON.parse(textOf(await session.read("fixture://headers"))) as Record<string, string>;
    expect(seen["x-api-key"]).toBe("fixture-key");
    expect(seen["sec-websocket-protocol"]).toBe("mcp");
    expect(session.stderr.tail().join("")).toContain(
      "header Sec-WebSocket-Protocol not sent: the WebSocket handshake sets it itself",
    );
  });

  it("401 on the upgrade: no OAuth over WebSocket, give a header instead (no sign-in starts)", async () => {
    const { session } = open(remote(`${server.ws}/private`));
    const err = await startFailure(session);
    expect(err.message).toBe(
      `${server.ws}/private answered 401 Unauthorized to the WebSocket upgrade. OAuth sign-in is not available over WebSocket: add the server's API key or an Authorization header (the review step's headers, or -H on the command line).`,
    );
    expect(session.summary().auth).toBeUndefined();
    const wrong = open(remote(`${server.ws}/private`, "auto", { "X-Api-Key": "wrong" })).session;
    expect((await startFailure(wrong)).message).toMatch(/with the headers you gave: check their values/);
  });

  it("403, 404 and a server that does not choose the mcp subprotocol: one sentence each", async () => {
    const forbidden = open(remote(`${server.ws}/forbidden`)).session;
    expect((await startFailure(forbidden)).message).toMatch(
      /^This server refused access: .*\/forbidden answered 403 Forbidden to the WebSocket upgrade/,
    );
    const missing = open(remote(`${server.ws}/nope`)).session;
    expect((await startFailure(missing)).message).toMatch(
      /^No WebSocket MCP server answered at .*\/nope \(HTTP 404 to the upgrade\)/,
    );
    const noProtocol = open(remote(`${server.ws}/no-subprotocol`)).session;
    expect((await startFailure(noProtocol)).message).toMatch(
      /accepted the WebSocket but not the "mcp" subprotocol .*: it is not an MCP WebSocket server\.$/,
    );
  });

  it("a redirect to another origin is not followed (the other origin hears nothing), and says where it pointed", async () => {
    const { session } = open(remote(`${server.ws}/redirect`, "websocket", { "X-Api-Key": "fixture-key" }));
    const err = await startFailure(session);
    expect(err.message).toContain(
      `redirected the WebSocket upgrade (HTTP 302 to "ws://localhost:${server.port}/mcp"); not followed`,
    );
    // A collector on another port: the redirect names it, and no connection may reach it.
    let reached = 0;
    const collector = createNetServer((socket) => {
      reached++;
      socket.destroy();
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    try {
      const { port } = collector.address() as { port: number };
      const to = encodeURIComponent(`ws://127.0.0.1:${port}/mcp`);
      const redirected = open(
        remote(`${server.ws}/redirect?to=${to}`, "auto", { "X-Api-Key": "fixture-key" }),
      );
      expect((await startFailure(redirected.session)).message).toMatch(/; not followed/);
      expect(reached).toBe(0);
    } finally {
      await new Promise((r) => collector.close(r));
    }
  });

  it("a frame that is not JSON-RPC is dropped and logged; the session goes on", async () => {
    const { session } = open(remote(`${server.ws}/mcp`));
    await session.connect();
    expect(textOf(await session.read("fixture://junk"))).toBe("after the junk");
    expect(session.stderr.tail().join("")).toContain(
      'sent a text frame that is not a JSON-RPC message: "this is not JSON-RPC"; ignored',
    );
    expect(session.status).toBe("connected");
  });

  it("a protocol error (a reserved opcode) ends the session with the close code and what the frame was", async () => {
    const { session } = open(remote(`${server.ws}/mcp`));
    await session.connect();
    const err = await session.read("fixture://bad-frame").catch((e: unknown) => e);
    expect((err as Error).message).toMatch(
      /^127\.0\.0\.1:\d+ closed the WebSocket \(code 10\d\d[^)]*\)\. The last error: Invalid WebSocket frame: invalid opcode 3\.$/,
    );
    expect(session.status).toBe("disconnected");
  });

  it("a request the server never answers fails at the request timeout; the session stays usable", async () => {
    const { session } = open(remote(`${server.ws}/mcp`), { ...quick, requestTimeoutMs: 500 });
    await session.connect();
    const t0 = Date.now();
    const err = await session.read("fixture://hang").catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/timed out/i);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(session.status).toBe("connected");
    expect(textOf(await session.read("fixture://hello"))).toBe("hello over WebSocket");
  });

  it("a message over the size cap ends the connection with the same words as HTTP and stdio", async () => {
    const { session } = open(remote(`${server.ws}/mcp`), { ...quick, maxMessageBytes: 1024 * 1024 });
    await session.connect();
    const err = await session.read("fixture://big").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessageTooLargeError);
    expect((err as Error).message).toBe(
      "The server sent a message larger than the 1 MB limit (MCP_INSPECTOR_MAX_MESSAGE_BYTES; one WebSocket message); the session was closed.",
    );
    expect(session.status).toBe("disconnected");
    expect(session.summary().error?.message).toBe((err as Error).message);
  });

  it("the server closing mid-request: the request and the session say the close code and reason", async () => {
    const { session } = open(remote(`${server.ws}/mcp`));
    await session.connect();
    const err = await session.read("fixture://close").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportRequestError);
    const said = `127.0.0.1:${server.port} closed the WebSocket (code 1011: server error, reason "fixture closed mid-request").`;
    expect((err as Error).message).toBe(said);
    expect(session.status).toBe("disconnected");
    expect(session.summary().error?.message).toBe(said);
    // Reconnect, as for any remote server: a fresh socket, a fresh server-side session.
    await session.reconnect();
    expect(session.status).toBe("connected");
    expect(textOf(await session.read("fixture://hello"))).toBe("hello over WebSocket");
  });

  it("a close reason's bidi override and other hidden characters are named, never passed on raw", async () => {
    const { session } = open(remote(`${server.ws}/mcp`));
    await session.connect();
    await session.read("fixture://close-bidi").catch(() => {});
    const said = session.summary().error?.message ?? "";
    expect(said).toBe(
      `127.0.0.1:${server.port} closed the WebSocket (code 1008: policy violation, reason "policy ⟨U+202E⟩gnp.exe⟨U+200B⟩⟨U+0007⟩").`,
    );
    expect(said).not.toMatch(/[\u202e\u200b\u0007]/);
  });
});

describe("a WebSocket server that goes away", () => {
  it("its process ends: the session is disconnected at once with the close code", async () => {
    const own = await startFixtureHttp("e2e/fixtures/servers/ws-server.mjs");
    try {
      const { session } = open(remote(`${own.url.replace(/^http:/, "ws:")}/mcp`));
      await session.connect();
      await own.stop();
      await expect.poll(() => session.status, { timeout: 5_000 }).toBe("disconnected");
      expect(session.summary().error?.message).toBe(
        `127.0.0.1:${own.port} closed the WebSocket (code 1006: the connection dropped without a close frame).`,
      );
    } finally {
      await own.stop();
    }
  });

  it("it stops answering pings (gone without a close): the connection ends, saying so", async () => {
    const transport = new OwnedWebSocketTransport(remote(`${server.ws}/no-pong`), {
      maxMessageBytes: 1024 * 1024,
      connectTimeoutMs: 3_000,
      pingIntervalMs: 150,
      onLog: () => undefined,
    });
    const closed = new Promise<void>((r) => (transport.onclose = r));
    await transport.start();
    await closed;
    expect(transport.describeEnd()).toBe(
      `127.0.0.1:${server.port} stopped answering WebSocket pings (none answered within 150 ms); the connection was closed.`,
    );
    await transport.close();
  });

  it("a server that answers pings keeps the connection", async () => {
    const transport = new OwnedWebSocketTransport(remote(`${server.ws}/mcp`), {
      maxMessageBytes: 1024 * 1024,
      pingIntervalMs: 100,
      onLog: () => undefined,
    });
    let ended = false;
    transport.onclose = () => (ended = true);
    await transport.start();
    await new Promise((r) => setTimeout(r, 500));
    expect(ended).toBe(false);
    await transport.close();
    expect(ended).toBe(true);
  });
});

describe("what is not a WebSocket MCP server", () => {
  it("connection refused", async () => {
    const port = await freePort();
    const { session } = open(remote(`ws://127.0.0.1:${port}/mcp`));
    expect((await startFailure(session)).message).toBe(
      `Connection refused by 127.0.0.1:${port}: is the server running on that port?`,
    );
  });

  it("wss:// to a self-signed certificate: a TLS error (verification stays on)", async () => {
    const tls = path.join(process.cwd(), "e2e/fixtures/tls");
    const server = createHttpsServer(
      { key: readFileSync(path.join(tls, "key.pem")), cert: readFileSync(path.join(tls, "cert.pem")) },
      (_req, res) => res.writeHead(404).end(),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { session } = open(remote(`wss://127.0.0.1:${port}/mcp`));
      expect((await startFailure(session)).message).toMatch(
        /^TLS error talking to 127\.0\.0\.1:\d+: (SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)\.$/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("a plain HTTP server answering 200 to the upgrade", async () => {
    const server = createServer((_req, res) =>
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html>"),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { session } = open(remote(`ws://127.0.0.1:${port}/mcp`));
      expect((await startFailure(session)).message).toMatch(
        /^No WebSocket MCP server answered at ws:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP 200 to the upgrade\)/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("a server that takes the connection and never answers the upgrade: the connect timeout, not a hang", async () => {
    const server = createServer(() => {});
    const held: Socket[] = [];
    server.on("upgrade", (_req, socket: Socket) => held.push(socket)); // holds it, says nothing
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { session } = open(remote(`ws://127.0.0.1:${port}/mcp`), { ...quick, connectTimeoutMs: 500 });
      expect((await startFailure(session)).message).toBe(
        `127.0.0.1:${port} did not complete the WebSocket handshake within 500 ms.`,
      );
    } finally {
      // An upgraded socket is no longer the HTTP server's to close.
      for (const socket of held) socket.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it("a server that sends its 101 one byte at a time: the connect timeout is a deadline, not an idle timer", async () => {
    // Each byte well inside the timeout, so only a deadline ends it; the header never ends.
    const trickles: NodeJS.Timeout[] = [];
    const server = createNetServer((socket) => {
      socket.on("error", () => {});
      socket.once("data", () => {
        const head = Buffer.from("HTTP/1.1 101 Switching Protocols\r\nX-Slow: ");
        let sent = 0;
        const trickle = setInterval(() => {
          if (socket.destroyed) return clearInterval(trickle);
          socket.write(sent < head.length ? head.subarray(sent, sent + 1) : "a");
          sent++;
        }, 100);
        trickles.push(trickle);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { session } = open(remote(`ws://127.0.0.1:${port}/mcp`), { ...quick, connectTimeoutMs: 800 });
      const started = Date.now();
      expect((await startFailure(session)).message).toBe(
        `127.0.0.1:${port} did not complete the WebSocket handshake within 800 ms.`,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const trickle of trickles) clearInterval(trickle);
      await new Promise((r) => server.close(r));
    }
  }, 10_000);

  it("a URL and a transport that do not go together, and OAuth settings over WebSocket, are refused", () => {
    expect(launchProblem(remote("http://127.0.0.1:1/mcp", "websocket"))).toMatch(
      /^The WebSocket transport needs a ws:\/\/ or wss:\/\/ URL/,
    );
    expect(launchProblem(remote("ws://127.0.0.1:1/mcp", "streamable-http"))).toMatch(
      /^A ws:\/\/ URL is a WebSocket server: choose the WebSocket transport \(or Auto\), not Streamable HTTP\.$/,
    );
    expect(launchProblem({ ...remote("wss://example.test/mcp"), auth: { clientId: "x" } })).toMatch(
      /^OAuth sign-in is not available over WebSocket/,
    );
    expect(launchProblem({ ...remote("wss://example.test/mcp"), auth: {} })).toBeNull();
  });
});
