/**
 * Issue 16, progress and cancel, through the real route handlers and the real event stream,
 * against the demo server over real stdio: progress notifications reach the stream under the
 * page's request id; a cancel (by id, or by the page's fetch going away) sends
 * notifications/cancelled, which the server sees (its handler's signal fires and it says so on
 * stderr); the session is usable after.
 */
import { describe, expect, it } from "vitest";
import type { StderrResponse, TrafficResponse } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { REQUEST_ID_HEADER, newRequestId } from "@/lib/api/progress";
import { SLOW_REPORT_URI, SLOW_TOOL } from "@/server/demo/uris";
import { eventStreamEachTest } from "@/server/testing/route-hooks";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { callJson } from "@/server/testing/route-client";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const resourcesRoute = await import("./sessions/[id]/resources/route");
const readRoute = await import("./sessions/[id]/read/route");
const toolsRoute = await import("./sessions/[id]/tools/route");
const trafficRoute = await import("./sessions/[id]/traffic/route");
const stderrRoute = await import("./sessions/[id]/stderr/route");
const cancelRoute = await import("./sessions/[id]/requests/[requestId]/cancel/route");
const eventsRoute = await import("./events/route");

type Progress = Extract<InspectorEvent, { type: "progress" }>;
const progressOf =
  (requestId: string, pred: (e: Progress) => boolean = () => true) =>
  (e: InspectorEvent): e is Progress =>
    e.type === "progress" && e.requestId === requestId && pred(e);

const events = eventStreamEachTest({
  events: eventsRoute.GET,
  sessions: sessionsRoute.GET,
  session: sessionRoute.DELETE,
});
noLeftoverProcessesAfterAll();

async function connectDemo(): Promise<string> {
  const res = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: { preset: "demo", env: { [TEST_MARK_VAR]: testMark() } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const readPath = (id: string, uri: string) =>
  `/api/sessions/${id}/read?${new URLSearchParams({ uri }).toString()}`;

function read(id: string, uri: string, requestId?: string, signal?: AbortSignal) {
  return callJson<{ contents: { text?: string }[] }, { id: string }>(readRoute.GET, {
    path: readPath(id, uri),
    params: { id },
    headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
    ...(signal ? { signal } : {}),
  });
}

/** The server's stderr, polled until a line matches (the cancel reaches it asynchronously). */
async function stderrLine(id: string, text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await callJson<StderrResponse, { id: string }>(stderrRoute.GET, { params: { id } });
    const line = body.lines.find((l) => l.includes(text));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no stderr line with ${text}: ${body.lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function traffic(id: string) {
  const { body } = await callJson<TrafficResponse, { id: string }>(trafficRoute.GET, { params: { id } });
  return body.entries;
}

/** The rpc id our request of `method` went out with (the newest one). */
async function outgoingId(id: string, method: string): Promise<string | number> {
  const sent = (await traffic(id)).filter((e) => e.direction === "out" && e.method === method);
  const last = sent.at(-1);
  expect(last?.rpcId).toBeDefined();
  return last!.rpcId!;
}

describe("progress and cancel", () => {
  it("a slow read reports its progress on the event stream under the page's request id, then answers", async () => {
    const id = await connectDemo();
    const requestId = newRequestId();
    const res = await read(id, SLOW_REPORT_URI, requestId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.contents[0]?.text).toMatch(/^Slow report: 5 steps/);
    // The stream may deliver the last events a moment after the read returns.
    await events.waitFor(progressOf(requestId, (e) => e.progress === 4));
    const seen = events.events.filter(progressOf(requestId));
    // Throttled to one per 100 ms, but the steps are 600 ms apart: every one arrives — except,
    // at times, the last: SDK 1.32 handles notifications a microtask late, so one that comes
    // just before its answer finds the request already answered (and is dropped as unknown).
    expect(seen.map((e) => e.progress).slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(seen.every((e) => e.total === 5 && e.sessionId === id)).toBe(true);
    expect(seen[2]?.message).toBe("report: step 2 of 5");
    // The token went out in the request's _meta, and the server's notifications came back with it.
    const sent = (await traffic(id)).find(
      (e) =>
        e.direction === "out" && e.method === "resources/read" && JSON.stringify(e.message).includes("slow"),
    );
    const token = (sent?.message as { params: { _meta?: { progressToken?: unknown } } }).params._meta
      ?.progressToken;
    expect(token).toBeDefined();
  });

  it("cancel by request id sends notifications/cancelled, the server stops, and the session still reads", async () => {
    const id = await connectDemo();
    const requestId = newRequestId();
    const pending = read(id, SLOW_REPORT_URI, requestId);
    await events.waitFor(progressOf(requestId, (e) => e.progress === 1));
    const cancelled = await callJson<{ cancelled: boolean }, { id: string; requestId: string }>(
      cancelRoute.POST,
      {
        method: "POST",
        params: { id, requestId },
      },
    );
    expect(cancelled.body).toEqual({ cancelled: true });
    const res = await pending;
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toMatch(/Cancelled by the user/);

    const rpcId = await outgoingId(id, "resources/read");
    const cancel = (await traffic(id)).find(
      (e) => e.direction === "out" && e.method === "notifications/cancelled",
    );
    expect((cancel?.message as { params: { requestId: unknown } }).params.requestId).toBe(rpcId);
    // The server's handler saw its AbortSignal fire.
    expect(await stderrLine(id, "demo slow: report cancelled after step")).toMatch(
      new RegExp(`request ${String(rpcId)}\\)`),
    );
    // The request is gone: cancelling it again is a no-op, and the session answers normally.
    const again = await callJson<unknown, { id: string; requestId: string }>(cancelRoute.POST, {
      method: "POST",
      params: { id, requestId },
    });
    expect(again.body).toEqual({ cancelled: false });
    const normal = await read(id, "demo://docs/guides/getting-started.md", newRequestId());
    expect(normal.status).toBe(200);
  });

  it("a page's fetch that goes away cancels the tool call on the server too", async () => {
    const id = await connectDemo();
    const requestId = newRequestId();
    const gone = new AbortController();
    const pending = callJson<unknown, { id: string }>(toolsRoute.POST, {
      method: "POST",
      params: { id },
      headers: { [REQUEST_ID_HEADER]: requestId },
      body: { name: SLOW_TOOL, arguments: { steps: 20, stepMs: 200 } },
      signal: gone.signal,
    });
    const first = await events.waitFor(progressOf(requestId, (e) => (e.progress ?? 0) >= 1));
    expect(first.total).toBe(20);
    expect(first.message).toMatch(/^task: step \d+ of 20$/);
    gone.abort();
    expect((await pending).status).toBe(409);
    expect(await stderrLine(id, "demo slow: task cancelled after step")).toBeTruthy();
    const sent = (await traffic(id)).filter((e) => e.direction === "out");
    expect(sent.some((e) => e.method === "notifications/cancelled")).toBe(true);
    // Nothing arrives for the cancelled call afterwards, and a quick call works.
    const quick = await callJson<{ content: { text: string }[] }, { id: string }>(toolsRoute.POST, {
      method: "POST",
      params: { id },
      body: { name: SLOW_TOOL, arguments: { steps: 1, stepMs: 0 } },
    });
    expect(quick.status).toBe(200);
    expect(quick.body.content[0]?.text).toBe("Done: 1 steps of 0 ms.");
  });

  it("a walk of the resource list reports the pages it fetched", async () => {
    const id = await connectDemo();
    // The page's first list joins the walk connect started (unnamed); a refresh is a walk of its own.
    await callJson(resourcesRoute.GET, { path: `/api/sessions/${id}/resources`, params: { id } });
    const requestId = newRequestId();
    const res = await callJson<{ pages: number }, { id: string }>(resourcesRoute.GET, {
      path: `/api/sessions/${id}/resources?refresh=1`,
      params: { id },
      headers: { [REQUEST_ID_HEADER]: requestId },
    });
    expect(res.body.pages).toBe(4);
    const first = await events.waitFor(progressOf(requestId));
    expect(first).toMatchObject({ page: 1, message: "page 1" });
  });

  it("refuses a malformed request id", async () => {
    const id = await connectDemo();
    const res = await read(id, "demo://docs/guides/getting-started.md", "../nope");
    expect(res.status).toBe(400);
  });
});
