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

describe("backoffDelay", () => {
  it("doubles per attempt with jitter between half and all of the ceiling, capped", () => {
    expect(backoffDelay(0, 500, 10_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 10_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 10_000, () => 1)).toBe(4_000);
    expect(backoffDelay(10, 500, 10_000, () => 1)).toBe(10_000);
    expect(backoffDelay(50, 500, 10_000, () => 0.5)).toBe(7_500);
  });
});
