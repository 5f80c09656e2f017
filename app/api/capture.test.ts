/**
 * `POST /api/sessions/{id}/capture` (issue 25) through the real route handlers against real MCP
 * servers over real stdio and HTTP: the gzip file as a download with a safe name, "capture all"
 * with its progress on the event stream under the page's request id, a cancel by that id (the
 * existing cancelled envelope), no secret header value in the file, and what is refused.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { REQUEST_ID_HEADER, newRequestId } from "@/lib/api/progress";
import { CAPTURE_SUFFIX, decodeCapture } from "@/lib/capture/format";
import { eventStreamEachTest } from "@/server/testing/route-hooks";
import { startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "10000";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const readRoute = await import("./sessions/[id]/read/route");
const captureRoute = await import("./sessions/[id]/capture/route");
const cancelRoute = await import("./sessions/[id]/requests/[requestId]/cancel/route");
const eventsRoute = await import("./events/route");

const root = process.cwd();
const env = () => ({ [TEST_MARK_VAR]: testMark() });
const everythingStdio = () => ({
  command: process.execPath,
  args: [path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  env: env(),
});
const misbehaving = (mode: string) => ({
  command: process.execPath,
  args: ["--import", "tsx", path.join(root, "e2e/fixtures/servers/misbehaving-server.ts"), mode],
  env: env(),
});

type Progress = Extract<InspectorEvent, { type: "progress" }>;
const events = eventStreamEachTest({
  events: eventsRoute.GET,
  sessions: sessionsRoute.GET,
  session: sessionRoute.DELETE,
});
let http: HttpServerHandle | undefined;
afterAll(async () => {
  const pid = http?.pid;
  await http?.stop();
  await expectNoLeftoverProcesses(pid === undefined ? undefined : new Set([pid]));
});

async function connect(body: object): Promise<string> {
  const res = await callJson<{ id: string; status: string }>(sessionsRoute.POST, { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe("connected");
  return res.body.id;
}

function capture(id: string, body?: unknown, requestId?: string) {
  return call(captureRoute.POST, {
    method: "POST",
    path: `/api/sessions/${id}/capture`,
    params: { id },
    ...(body !== undefined ? { body } : {}),
    headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
  });
}

const decoded = async (res: Response) => decodeCapture(new Uint8Array(await res.arrayBuffer()));

describe("POST /api/sessions/{id}/capture", () => {
  it("captures all of server-everything: a gzip download with a safe name, each listed resource read or skipped with a reason, its steps as progress", async () => {
    const id = await connect({ ...everythingStdio(), name: 'every "thing"/../\u202e\r\nX: y' });
    const requestId = newRequestId();
    const res = await capture(id, { all: true }, requestId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const disposition = res.headers.get("content-disposition") ?? "";
    const name = /^attachment; filename="([^"]+)"$/.exec(disposition)?.[1];
    expect(name, disposition).toMatch(
      /^every-thing-X-y-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.mcpcapture\.json\.gz$/,
    );
    expect(name!.endsWith(CAPTURE_SUFFIX)).toBe(true);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);

    const file = await decoded(res);
    const listed = file.resources.pages.flatMap((p) => p.items.map((r) => r.uri as string));
    expect(listed.length).toBeGreaterThan(5);
    const read = new Set(file.reads.map((r) => r.uri));
    const skipped = new Map(file.budget.skipped.map((s) => [s.uri, s.reason]));
    for (const uri of listed) expect(read.has(uri) || Boolean(skipped.get(uri)), uri).toBe(true);
    expect(file.budget.all).toBe(true);
    expect(file.reads.filter((r) => r.result).length).toBeGreaterThan(5);

    const mine = (e: InspectorEvent): e is Progress => e.type === "progress" && e.requestId === requestId;
    // Throttled to one per 100 ms, and what is pending when the answer goes is dropped: this quick
    // capture shows its first step (the cancel test below sees a "reading N of M").
    await events.waitFor((e) => mine(e));
    const seen = events.events.filter(mine);
    expect(seen[0]?.message, JSON.stringify(seen)).toBe("listing resources");
    for (const e of seen.filter((x) => /^reading/.test(x.message ?? "")))
      expect(e.message).toBe(`reading ${e.progress} of ${listed.length}`);
    // The reads' own SDK progress and a walk's pages stay out of the capture's bar.
    expect(seen.every((e) => e.page === undefined && /^(listing|reading)/.test(e.message ?? ""))).toBe(true);
  });

  it("without all, holds the reads the user made and nothing else; a budget of 0 skips every read", async () => {
    const id = await connect(everythingStdio());
    const uri = "demo://resource/static/document/architecture.md";
    const r = await callJson(readRoute.GET, {
      path: `/x?${new URLSearchParams({ uri }).toString()}`,
      params: { id },
    });
    expect(r.status).toBe(200);
    const plain = await decoded(await capture(id));
    expect(plain.reads.map((x) => x.uri)).toEqual([uri]);
    expect(plain.budget).toMatchObject({ all: false, skipped: [] });

    const none = await decoded(await capture(id, { all: true, maxBytes: 0 }));
    expect(none.reads.map((x) => x.uri)).toEqual([uri]);
    expect(none.budget.skipped.length).toBeGreaterThan(0);
    expect(none.budget.skipped.every((s) => /byte budget/.test(s.reason))).toBe(true);
  });

  it("cancel by the page's request id: the cancelled envelope, the server told, the session still captures", async () => {
    const id = await connect(misbehaving("hang-read"));
    const requestId = newRequestId();
    const pending = capture(id, { all: true }, requestId);
    await events.waitFor(
      (e) => e.type === "progress" && e.requestId === requestId && e.message === "reading 0 of 1",
    );
    const cancelled = await callJson<{ cancelled: boolean }, { id: string; requestId: string }>(
      cancelRoute.POST,
      { method: "POST", params: { id, requestId } },
    );
    expect(cancelled.body).toEqual({ cancelled: true });
    const res = await pending;
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("conflict");
    expect(body.error.message).toMatch(/Cancelled by the user/);
    // The hung read was cancelled, not left in the read log: a plain capture still answers.
    const after = await decoded(await capture(id));
    expect(after.reads).toEqual([]);
    expect(after.traffic.entries.some((e) => e.method === "notifications/cancelled")).toBe(true);
  });

  it("a secret header's value is nowhere in the file (a reference in the launch)", async () => {
    http = await startEverythingHttp("streamableHttp");
    const secret = "route-secret-4f3e2d1c0b";
    const id = await connect({ url: http.url, headers: { Authorization: `Bearer ${secret}` } });
    const res = await capture(id, { all: true, maxBytes: 200_000 });
    expect(res.status).toBe(200);
    const file = await decoded(res);
    expect(JSON.stringify(file)).not.toContain(secret);
    expect(file.launch).toMatchObject({ kind: "http", headers: { Authorization: "${AUTHORIZATION}" } });
    expect(file.reads.length).toBeGreaterThan(0);
  });

  it("refuses a bad body (400), an unknown session (404), a disconnected one (409), and no token (401)", async () => {
    const id = await connect(misbehaving("crash-on-read"));
    for (const body of [
      { maxBytes: -1 },
      { maxBytes: 2 * 1024 ** 3 },
      { maxBytes: 1.5 },
      { all: "yes" },
      { x: 1 },
    ]) {
      const res = await capture(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await capture("no-such-session", {})).status).toBe(404);
    const unauth = await call(captureRoute.POST, { method: "POST", params: { id }, body: {}, token: null });
    expect(unauth.status).toBe(401);
    // The read makes the server exit: the session is then disconnected, and a capture says so.
    await callJson(readRoute.GET, { path: `/x?uri=${encodeURIComponent("bad://thing")}`, params: { id } });
    await events.waitFor(
      (e) => e.type === "session" && e.session.id === id && e.session.status === "disconnected",
    );
    const res = await capture(id, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /is disconnected; reconnect it first/,
    );
  });
});
