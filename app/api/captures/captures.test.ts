/**
 * POST /api/captures (issue 25, "open offline") through the real route handlers: a capture file's
 * bytes, gzip or plain JSON, become a read-only session whose tree, reads, traffic and problems
 * are the captured ones; a file that is not a capture, from a newer inspector, or too large is
 * refused with one sentence; the body is bytes of one content type, behind the token.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CAPTURE_FORMAT, CAPTURE_VERSION, encodeCapture, type Capture } from "@/lib/capture/format";
import { MAX_CAPTURE_BODY_BYTES } from "@/server/http/limits";
import { call, callJson, TEST_PORT, TEST_TOKEN } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const capturesRoute = await import("./route");
const sessionsRoute = await import("../sessions/route");
const sessionRoute = await import("../sessions/[id]/route");
const readRoute = await import("../sessions/[id]/read/route");
const trafficRoute = await import("../sessions/[id]/traffic/route");
const problemsRoute = await import("../sessions/[id]/problems/route");
const scanRoute = await import("../sessions/[id]/problems/scan/route");
const watchesRoute = await import("../sessions/[id]/watches/route");
const reconnectRoute = await import("../sessions/[id]/reconnect/route");
const recordingRoute = await import("../sessions/[id]/recording/route");
const draftRoute = await import("../sessions/[id]/recording/check/route");
const runRoute = await import("../checks/run/route");

afterAll(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  await expectNoLeftoverProcesses();
});

function capture(over: Partial<Capture> = {}): Capture {
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    capturedAt: "2026-11-30T09:15:00.000Z",
    inspector: "0.1.0",
    name: "weather",
    launch: { kind: "http", url: "https://weather.example/mcp", transport: "streamable-http", headers: {} },
    server: { name: "weather", version: "1.0.0", capabilities: { resources: { subscribe: true } } },
    resources: {
      pages: [{ items: [{ uri: "weather://today", name: "today", mimeType: "application/json" }] }],
    },
    templates: { pages: [] },
    reads: [
      {
        uri: "weather://today",
        at: "2026-11-30T09:14:00.000Z",
        result: {
          contents: [{ uri: "weather://today", mimeType: "application/json", text: '{"sun":true}' }],
        },
      },
    ],
    budget: { all: false, maxBytes: 0, usedBytes: 12, skipped: [] },
    traffic: {
      entries: [
        {
          seq: 7,
          at: 1,
          direction: "out",
          kind: "request",
          method: "resources/read",
          rpcId: 3,
          bytes: 80,
          message: { jsonrpc: "2.0", id: 3, method: "resources/read", params: { uri: "weather://today" } },
          truncated: false,
        },
      ],
      dropped: 0,
    },
    stderr: { lines: ["weather up"], dropped: 0 },
    problems: [
      {
        code: "missing-mime-type",
        severity: "warning",
        message: "weather://today has no mimeType",
        specUrl: "https://modelcontextprotocol.io/specification",
        at: "2026-11-30T09:14:00.000Z",
        count: 1,
        evidence: { uri: "weather://today" },
        why: "Hosts guess.",
      },
    ],
    ...over,
  };
}

function post(bytes: Uint8Array, { type = "application/octet-stream", token = TEST_TOKEN, query = "" } = {}) {
  const req = new Request(`http://127.0.0.1:${TEST_PORT}/api/captures${query}`, {
    method: "POST",
    headers: { host: `127.0.0.1:${TEST_PORT}`, authorization: `Bearer ${token}`, "content-type": type },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return capturesRoute.POST(req, { params: Promise.resolve({}) });
}

async function postJson<T>(bytes: Uint8Array, options: Parameters<typeof post>[1] = {}) {
  const res = await post(bytes, options);
  return { status: res.status, body: (await res.json()) as T };
}

interface Opened {
  id: string;
  name: string;
  status: string;
  pid: number | null;
  capture?: { capturedAt: string; inspector: string; file?: string; reads: number };
  launch: { kind: string; url?: string };
  lists?: { resources: { resources: { uri: string }[] } };
}
interface ErrorBody {
  error: { code: string; message: string };
}
const id = (s: Opened) => ({ params: { id: s.id } });

describe("POST /api/captures", () => {
  it("opens a gzip capture as a read-only session with the captured tree, reads, traffic and problems", async () => {
    const { status, body } = await postJson<Opened>(await encodeCapture(capture()), {
      query: "?file=weather.mcpcapture.json.gz",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      name: "weather",
      status: "connected",
      pid: null,
      launch: { kind: "http", url: "https://weather.example/mcp" },
      capture: {
        capturedAt: "2026-11-30T09:15:00.000Z",
        inspector: "0.1.0",
        file: "weather.mcpcapture.json.gz",
        reads: 1,
      },
    });
    expect(body.lists?.resources.resources.map((r) => r.uri)).toEqual(["weather://today"]);

    const read = await callJson<{ contents: { text: string }[] }, { id: string }>(readRoute.GET, {
      ...id(body),
      path: "/x?uri=weather%3A%2F%2Ftoday",
    });
    expect([read.status, read.body.contents[0]?.text]).toEqual([200, '{"sun":true}']);
    const missing = await callJson<ErrorBody, { id: string }>(readRoute.GET, {
      ...id(body),
      path: "/x?uri=weather%3A%2F%2Ftomorrow",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(
      "This read was not captured (the capture holds 1 read; capture with --all to include every resource).",
    );

    const traffic = await callJson<{ entries: { seq: number; method?: string }[] }, { id: string }>(
      trafficRoute.GET,
      id(body),
    );
    expect(traffic.body.entries.map((e) => [e.seq, e.method])).toEqual([[7, "resources/read"]]);
    const problems = await callJson<{ problems: { code: string }[] }, { id: string }>(
      problemsRoute.GET,
      id(body),
    );
    expect(problems.body.problems.map((p) => p.code)).toEqual(["missing-mime-type"]);

    const watch = await callJson<ErrorBody, { id: string }>(watchesRoute.POST, {
      ...id(body),
      method: "POST",
      body: { uri: "weather://today" },
    });
    expect([watch.status, watch.body.error.message]).toEqual([
      409,
      "A capture is read-only: it cannot be watched.",
    ]);
    const reconnect = await callJson<ErrorBody, { id: string }>(reconnectRoute.POST, {
      ...id(body),
      method: "POST",
    });
    expect(reconnect.status).toBe(409);
    const scan = await callJson<ErrorBody, { id: string }>(scanRoute.POST, { ...id(body), method: "POST" });
    expect(scan.status).toBe(409);

    const closed = await call(sessionRoute.DELETE, { method: "DELETE", ...id(body) });
    expect(closed.status).toBe(204);
  });

  it("opens a plain JSON capture too", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(capture({ name: "plain" })));
    const { status, body } = await postJson<Opened>(bytes);
    expect([status, body.name, body.capture?.file]).toEqual([201, "plain", undefined]);
  });

  it("refuses a capture from a newer inspector, a foreign file and garbage with one sentence each", async () => {
    const newer = await postJson<ErrorBody>(
      await encodeCapture({ ...capture(), version: CAPTURE_VERSION + 1 }),
    );
    expect([newer.status, newer.body.error.message]).toEqual([
      400,
      `This file cannot be opened: capture format version ${CAPTURE_VERSION + 1} was made by a newer inspector; this one reads up to ${CAPTURE_VERSION}.`,
    ]);
    const foreign = await postJson<ErrorBody>(new TextEncoder().encode('{"mcpServers":{}}'));
    expect([foreign.status, foreign.body.error.message]).toEqual([
      400,
      `This file cannot be opened: not a capture file (its format field is not ${CAPTURE_FORMAT}).`,
    ]);
    const garbage = await postJson<ErrorBody>(new Uint8Array([0xff, 0xfe, 0x00, 0x41]));
    expect([garbage.status, garbage.body.error.message]).toEqual([
      400,
      "This file cannot be opened: the file is neither gzip nor UTF-8 JSON.",
    ]);
    const badGzip = await postJson<ErrorBody>(new Uint8Array([0x1f, 0x8b, 1, 2, 3]));
    expect([badGzip.status, badGzip.body.error.message]).toEqual([
      400,
      "This file cannot be opened: the file is not valid gzip.",
    ]);
    const invalid = await postJson<ErrorBody>(
      await encodeCapture({ ...capture(), reads: [{ uri: "x", at: "now" }] }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toMatch(/^This file cannot be opened: not a valid capture: reads\.0/);
  });

  it("refuses a body over 64 MB, another content type, and a request without the token", async () => {
    const big = await postJson<ErrorBody>(new Uint8Array(MAX_CAPTURE_BODY_BYTES + 1));
    expect([big.status, big.body.error.code]).toEqual([413, "payload_too_large"]);
    const bytes = await encodeCapture(capture());
    const asJson = await postJson<ErrorBody>(bytes, { type: "text/plain" });
    expect(asJson.status).toBe(415);
    const anonymous = await postJson<ErrorBody>(bytes, { token: "wrong" });
    expect(anonymous.status).toBe(401);
    const { body } = await callJson<{ sessions: { name: string }[] }>(sessionsRoute.GET);
    expect(body.sessions.map((s) => s.name)).toEqual(["plain"]);
  });

  it("a capture cannot be recorded, nor lend its launch to a draft: its command never reaches a check", async () => {
    const canary = path.join(tmpdir(), `mcp-capture-canary-${process.pid}`);
    const launch = {
      kind: "stdio" as const,
      program: process.execPath,
      args: ["-e", `require("fs").writeFileSync(${JSON.stringify(canary)}, "ran")`],
      env: {},
    };
    const { body } = await postJson<Opened>(await encodeCapture(capture({ name: "hostile", launch })));
    const recording = await callJson<ErrorBody, { id: string }>(recordingRoute.POST, {
      ...id(body),
      method: "POST",
    });
    expect([recording.status, recording.body.error.message]).toEqual([
      409,
      "A capture is read-only: it cannot be recorded (a check from it would run its command).",
    ]);
    const draft = await callJson<ErrorBody, { id: string }>(draftRoute.POST, {
      ...id(body),
      method: "POST",
      body: { name: "hostile" },
    });
    expect(draft.status).toBe(404);
    const check = {
      version: 1,
      name: "x",
      server: { command: "node", args: ["${ARG}"] },
      steps: [{ id: "01-connect", action: "connect", expect: {} }],
    };
    const run = await callJson<ErrorBody>(runRoute.POST, {
      method: "POST",
      body: { check, sessionId: body.id },
    });
    expect([run.status, run.body.error.message]).toEqual([
      409,
      "A capture is read-only: it cannot be run as a check.",
    ]);
    expect(existsSync(canary)).toBe(false);
  });
});
