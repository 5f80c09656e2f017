import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, EventStreamClient, type StreamStatus } from "./event-stream-client";
import type { InspectorEvent } from "./events";

/** A controllable SSE response body. */
function sseBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    send: (event: InspectorEvent) =>
      controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)),
    raw: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const hello: InspectorEvent = { type: "hello", serverTime: 1 };
const until = async (predicate: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};

let client: EventStreamClient | null = null;
// The client warns about failed attempts and bad data; the tests cause both on purpose.
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => {
  client?.stop();
  vi.restoreAllMocks();
});

function setup(respond: (attempt: number, init: RequestInit | undefined) => Response | Promise<Response>) {
  const events: InspectorEvent[] = [];
  const statuses: StreamStatus[] = [];
  const requests: RequestInit[] = [];
  let unauthorized = 0;
  client = new EventStreamClient({
    getToken: () => "t0k",
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    onUnauthorized: () => (unauthorized += 1),
    fetch: (_url, init) => {
      requests.push(init ?? {});
      return Promise.resolve(respond(requests.length, init));
    },
    baseDelayMs: 5,
    maxDelayMs: 20,
    silenceMs: 150,
  });
  client.start();
  return { events, statuses, requests, unauthorized: () => unauthorized };
}

describe("EventStreamClient", () => {
  it("sends the token as a header (never in the URL) and delivers parsed events", async () => {
    const body = sseBody();
    const { events, statuses, requests } = setup(() => new Response(body.stream, { status: 200 }));
    body.raw(": connected\n\n");
    body.send(hello);
    body.send({ type: "watches", sessionId: "s", uris: ["demo://a"] });
    await until(() => events.length === 2);
    expect(new Headers(requests[0]?.headers).get("Authorization")).toBe("Bearer t0k");
    expect(events[1]).toEqual({ type: "watches", sessionId: "s", uris: ["demo://a"] });
    expect(statuses).toEqual(["connecting", "live"]);
  });

  it("reconnects after the stream ends and says hello again", async () => {
    const bodies = [sseBody(), sseBody()];
    const { events, statuses } = setup((n) => new Response(bodies[n - 1]!.stream));
    bodies[0]!.send(hello);
    await until(() => events.length === 1);
    bodies[0]!.end();
    await until(() => statuses.includes("reconnecting"));
    bodies[1]!.send(hello);
    await until(() => events.length === 2);
    expect(statuses).toEqual(["connecting", "live", "reconnecting", "live"]);
  });

  it("treats silence as a dead connection and reconnects", async () => {
    const bodies = [sseBody(), sseBody()];
    const { requests, statuses } = setup((n) => new Response(bodies[n - 1]!.stream));
    bodies[0]!.send(hello);
    await until(() => requests.length === 2, 2_000);
    expect(statuses).toContain("reconnecting");
  });

  it("heartbeat comments keep a quiet connection alive", async () => {
    const body = sseBody();
    const { requests } = setup(() => new Response(body.stream));
    body.send(hello);
    for (let i = 0; i < 6; i += 1) {
      await new Promise((r) => setTimeout(r, 60));
      body.raw(": heartbeat\n\n");
    }
    expect(requests).toHaveLength(1);
  });

  it("retries failed attempts with backoff, then connects", async () => {
    const body = sseBody();
    const { events, requests } = setup((n) =>
      n < 3 ? Promise.reject(new TypeError("network down")) : new Response(body.stream),
    );
    body.send(hello);
    await until(() => events.length === 1);
    expect(requests).toHaveLength(3);
  });

  it("stops on 401 and reports it", async () => {
    const { unauthorized, requests } = setup(() => new Response("{}", { status: 401 }));
    await until(() => unauthorized() === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
  });

  it("skips data that is not an event without dropping the connection", async () => {
    const body = sseBody();
    const { events, requests } = setup(() => new Response(body.stream));
    body.raw("data: not json\n\n");
    body.send(hello);
    await until(() => events.length === 1);
    expect(requests).toHaveLength(1);
  });

  it("stop() closes the connection and cancels retries", async () => {
    const body = sseBody();
    const { requests } = setup(() => new Response(body.stream));
    body.send(hello);
    await until(() => requests.length === 1);
    client?.stop();
    await new Promise((r) => setTimeout(r, 250));
    expect(requests).toHaveLength(1);
  });
});

/** The events one connection delivers when its body is exactly these chunks, then ends. */
async function eventsFrom(chunks: (string | Uint8Array)[]): Promise<InspectorEvent[]> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      for (const chunk of chunks) c.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      c.close();
    },
  });
  // The reconnect after the end gets a stream that stays open until stop().
  const { events, statuses } = setup((n) => new Response(n === 1 ? body : new ReadableStream()));
  await until(() => statuses.includes("reconnecting"));
  client?.stop();
  return events;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const removed = (sessionId: string): InspectorEvent => ({ type: "session-removed", sessionId });

describe("EventStreamClient parsing (WHATWG HTML §9.2)", () => {
  it("delivers the same events wherever a CRLF stream is cut, even inside a CRLF or a character", async () => {
    const text =
      'id: 1\r\nevent: session-removed\r\ndata: {"type":"session-removed","sessionId":"é1"}\r\n\r\n' +
      ": heartbeat\r\n\r\n" +
      'event: watches\r\ndata: {"type":"watches",\r\ndata: "sessionId":"s","uris":["demo://ü"]}\r\n\r\n';
    const all = bytes(text);
    const expected = [removed("é1"), { type: "watches", sessionId: "s", uris: ["demo://ü"] }];
    for (let cut = 1; cut < all.length; cut += 1) {
      expect(await eventsFrom([all.slice(0, cut), all.slice(cut)]), `cut at byte ${cut}`).toEqual(expected);
    }
  });

  it("ends lines at CRLF, CR or LF, mixed in one stream", async () => {
    const data = (id: string) => `data: ${JSON.stringify(removed(id))}`;
    expect(await eventsFrom([`${data("a")}\r\n\r\n${data("b")}\r\r${data("c")}\n\n`])).toEqual([
      removed("a"),
      removed("b"),
      removed("c"),
    ]);
  });

  it("does not end an event early when a CRLF is split between chunks", async () => {
    expect(
      await eventsFrom(['data: {"type":"session-removed",\r', '\ndata: "sessionId":"x"}\r\n\r\n']),
    ).toEqual([removed("x")]);
  });

  it("joins multi-line data with newlines", async () => {
    expect(await eventsFrom(['data: {"type":\ndata: "session-removed",\ndata:"sessionId":"m"}\n\n'])).toEqual(
      [removed("m")],
    );
  });

  it("skips comments and blocks without data", async () => {
    const events = await eventsFrom([
      ": only a comment\n\nevent: x\n\n",
      `data: ${JSON.stringify(hello)}\n\n`,
    ]);
    expect(events).toEqual([hello]);
  });

  it("is not disturbed by id, retry or unknown fields", async () => {
    const events = await eventsFrom([
      `retry: 3000\nid: 7\nid\nfoo: bar\nretry: soon\ndata: ${JSON.stringify(hello)}\nid: 8\n\n`,
    ]);
    expect(events).toEqual([hello]);
  });

  it("drops a byte-order mark at the start of the stream only, even split across chunks", async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const events = await eventsFrom([
      new Uint8Array(bom.slice(0, 1)),
      new Uint8Array([...bom.slice(1), ...bytes(`data: ${JSON.stringify(removed("first"))}\n\n`)]),
      // Later in the stream a BOM is part of the field name, so this line is an unknown field.
      new Uint8Array([...bom, ...bytes(`data: ${JSON.stringify(removed("no"))}\n\n`)]),
      `data: ${JSON.stringify(removed("last"))}\n\n`,
    ]);
    expect(events).toEqual([removed("first"), removed("last")]);
  });
});

describe("backoffDelay", () => {
  it("doubles per attempt with jitter between half and all of the ceiling, capped", () => {
    expect(backoffDelay(0, 500, 10_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 10_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 10_000, () => 1)).toBe(4_000);
    expect(backoffDelay(10, 500, 10_000, () => 1)).toBe(10_000);
    expect(backoffDelay(50, 500, 10_000, () => 0.5)).toBe(7_500);
  });
});
