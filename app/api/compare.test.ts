/**
 * POST /api/compare through the real route handlers against real stdio servers: two copies of
 * e2e/fixtures/servers/json-resources.mjs that differ in one text and one resource, and two
 * host-fixture.mjs with different flags. The diff names exactly what differs; `ignore` silences it.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CompareResponse } from "@/lib/api/contract";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson, TEST_PORT, TEST_TOKEN } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { copyWatchFixture, type FixtureResource } from "@/server/testing/watch-fixture";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "5000";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const readRoute = await import("./sessions/[id]/read/route");
const compareRoute = await import("./compare/route");
const watchFilesRoute = await import("./sessions/[id]/watch-files/route");
const lastBuildRoute = await import("./sessions/[id]/last-build-diff/route");
const captureRoute = await import("./sessions/[id]/capture/route");
const capturesRoute = await import("./captures/route");

const cleanups: (() => void)[] = [];
const opened: string[] = [];

afterAll(async () => {
  for (const id of opened) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
  for (const c of cleanups) c();
  await expectNoLeftoverProcesses();
});

async function connect(command: string, args: string[]): Promise<string> {
  const res = await callJson<{ id: string; status: string }>(sessionsRoute.POST, {
    method: "POST",
    body: { command, args, env: { [TEST_MARK_VAR]: testMark() } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  opened.push(res.body.id);
  return res.body.id;
}

async function jsonServer(resources: FixtureResource[]): Promise<string> {
  const fixture = copyWatchFixture(resources);
  cleanups.push(fixture.cleanup);
  return connect(process.execPath, [fixture.script]);
}

async function read(id: string, uri: string): Promise<void> {
  const res = await call(readRoute.GET, { params: { id }, path: `/x?uri=${encodeURIComponent(uri)}` });
  expect(res.status).toBe(200);
}

const compare = (body: object) =>
  callJson<CompareResponse>(compareRoute.POST, { method: "POST", path: "/api/compare", body });

const A: FixtureResource = { uri: "fixture://a", name: "a", text: "one\ntwo\nthree\n" };
const B: FixtureResource = { uri: "fixture://b", name: "b", text: '{"n":1,"at":"x"}' };

describe("POST /api/compare", () => {
  it("names the added resource, the text that changed by line and the JSON that changed by pointer", async () => {
    const before = await jsonServer([A, B]);
    const after = await jsonServer([
      { ...A, text: "one\nTWO\nthree\n" },
      { ...B, text: '{"n":2,"at":"x"}' },
      { uri: "fixture://c", name: "c", text: "new" },
    ]);
    for (const id of [before, after]) for (const r of [A, B]) await read(id, r.uri);
    await read(after, "fixture://c");

    const res = await compare({ before, after });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { diff, changes, omitted } = res.body;
    expect(res.body.before).toMatchObject({ sessionId: before, capture: false });
    expect(diff.equal).toBe(false);
    expect(diff.resources.added.map((r) => r.uri)).toEqual(["fixture://c"]);
    expect(diff.resources.removed).toEqual([]);
    expect(diff.resources.changed).toEqual([]);
    expect(diff.readOnly).toEqual({ before: [], after: ["fixture://c"] });
    const byUri = new Map(diff.reads.map((r) => [r.uri, r]));
    expect([...byUri.keys()].sort()).toEqual(["fixture://a", "fixture://b"]);
    const text = byUri.get("fixture://a")!.items[0]!;
    expect(text.kind).toBe("text");
    if (text.kind === "text") {
      expect(text.lines).toMatchObject({ added: 1, removed: 1, truncated: false });
      expect(text.lines.rows).toContainEqual(expect.objectContaining({ kind: "added", text: "TWO" }));
    }
    const json = byUri.get("fixture://b")!.items[0]!;
    expect(json).toMatchObject({
      kind: "json",
      changes: [{ path: "/reads/fixture:~1~1b/contents/0/text/n" }],
    });
    // The server card is the same fixture's: nothing there.
    expect(diff.server).toEqual([]);
    expect(changes).toBe(3);
    expect(omitted.resources).toEqual({ added: 0, removed: 0, changed: 0 });

    const ignored = await compare({
      before,
      after,
      ignore: ["/reads/*/contents/0/text", "/resources/fixture:~1~1c"],
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body.diff.equal).toBe(true);
    expect(ignored.body.changes).toBe(0);
  });

  it("compares two host fixtures: the flag's extra resource and its read on one side only", async () => {
    const script = path.join(process.cwd(), "e2e/fixtures/servers/host-fixture.mjs");
    const plain = await connect(process.execPath, [script]);
    const titled = await connect(process.execPath, [script, "title"]);
    await read(titled, "host://docs/titled");
    await read(plain, "host://docs/readme");
    await read(titled, "host://docs/readme");
    const res = await compare({ before: plain, after: titled });
    expect(res.status).toBe(200);
    expect(res.body.diff.resources.added).toEqual([
      expect.objectContaining({ uri: "host://docs/titled", title: "Read me first" }),
    ]);
    expect(res.body.diff.reads).toEqual([]);
    expect(res.body.diff.readOnly).toEqual({ before: [], after: ["host://docs/titled"] });
    expect(res.body.diff.templates).toMatchObject({ added: [], removed: [], changed: [], unchanged: 1 });

    // The same server on both sides is equal to itself.
    const self = await compare({ before: plain, after: plain });
    expect(self.body.diff.equal).toBe(true);
  });

  it("a capture against the live server: the live side reads what the capture read, and only the change is named", async () => {
    const script = path.join(process.cwd(), "e2e/fixtures/servers/host-fixture.mjs");
    const yesterday = await connect(process.execPath, [script]);
    await read(yesterday, "host://docs/readme");
    await read(yesterday, "host://items/1");
    // The file as the page downloads it, then opened as the page uploads it: no hand-made capture.
    const file = await call(captureRoute.POST, { method: "POST", params: { id: yesterday }, body: {} });
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const open = await capturesRoute.POST(
      new Request(`http://127.0.0.1:${TEST_PORT}/api/captures?file=yesterday.mcpcapture.json.gz`, {
        method: "POST",
        headers: {
          host: `127.0.0.1:${TEST_PORT}`,
          authorization: `Bearer ${TEST_TOKEN}`,
          "content-type": "application/octet-stream",
        },
        body: bytes,
      }),
      { params: Promise.resolve({}) },
    );
    expect(open.status).toBe(201);
    const capture = ((await open.json()) as { id: string }).id;
    opened.push(capture);

    // Today's server has one more resource; nothing was read on it yet.
    const today = await connect(process.execPath, [script, "title"]);
    const res = await compare({ before: capture, after: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.before).toMatchObject({ sessionId: capture, capture: true });
    expect(res.body.diff.resources.added.map((r) => r.uri)).toEqual(["host://docs/titled"]);
    expect(res.body.diff.resources.removed).toEqual([]);
    expect(res.body.diff.resources.changed).toEqual([]);
    // Both captured reads were made on the live side too, and came back the same.
    expect(res.body.diff.readOnly).toEqual({ before: [], after: [] });
    expect(res.body.diff.reads).toEqual([]);
  });

  it("refuses a live server that is no longer connected (409) rather than compare it as empty", async () => {
    const live = await jsonServer([A]);
    const gone = await jsonServer([A]);
    const summary = await callJson<{ pid: number }, { id: string }>(sessionRoute.GET, {
      params: { id: gone },
    });
    process.kill(summary.body.pid, "SIGKILL");
    const deadline = Date.now() + 10_000;
    for (;;) {
      const s = await callJson<{ status: string }, { id: string }>(sessionRoute.GET, {
        params: { id: gone },
      });
      if (s.body.status === "disconnected") break;
      if (Date.now() > deadline) throw new Error("the killed server never disconnected");
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await compare({ before: live, after: gone });
    expect(res.status).toBe(409);
    const { error } = res.body as unknown as { error: { code: string; message: string } };
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/disconnected/);
  });

  it("refuses a bad body and an unknown session with the envelope", async () => {
    const bad = await compare({ before: "x", after: "also-not-an-id!" });
    expect(bad.status).toBe(400);
    const pointer = await compare({ before: "abcdef", after: "abcdef", ignore: ["no-slash"] });
    expect(pointer.status).toBe(400);
    const missing = await compare({ before: "abcdefgh", after: "abcdefgh" });
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as { error: { code: string } }).error.code).toBe("not_found");
    const unauthorized = await call(compareRoute.POST, {
      method: "POST",
      body: { before: "abcdefgh", after: "abcdefgh" },
      token: null,
    });
    expect(unauthorized.status).toBe(401);
  });

  it("watch mode's compare with the last build: PATCH turns it on, the rebuild's diff is served, off forgets it", async () => {
    const fixture = copyWatchFixture([A]);
    cleanups.push(fixture.cleanup);
    const id = await connect(process.execPath, [fixture.script]);
    await read(id, A.uri);
    const patch = (body: object) =>
      callJson<{ compareLastBuild: boolean; lastBuildDiff: { changes: number } | null }, { id: string }>(
        watchFilesRoute.PATCH,
        { method: "PATCH", params: { id }, body },
      );
    // Watch mode is off: nothing to turn on.
    expect((await patch({ compareLastBuild: true })).status).toBe(409);
    const put = await call(watchFilesRoute.PUT, {
      method: "PUT",
      params: { id },
      body: { path: fixture.dir },
    });
    expect(put.status).toBe(200);
    const on = await patch({ compareLastBuild: true });
    expect(on.body).toMatchObject({ compareLastBuild: true, lastBuildDiff: null });
    expect((await patch({ compareLastBuild: "yes" })).status).toBe(400);

    fixture.writeResources([{ ...A, text: "one\ntwo\nfour\n" }]);
    const lastBuild = () =>
      callJson<{ comparison: CompareResponse | null }, { id: string }>(lastBuildRoute.GET, {
        params: { id },
      });
    const deadline = Date.now() + 15_000;
    while ((await lastBuild()).body.comparison === null) {
      if (Date.now() > deadline) throw new Error("timed out waiting for the rebuild's comparison");
      await new Promise((r) => setTimeout(r, 50));
    }
    const { comparison } = (await lastBuild()).body;
    expect(comparison!.changes).toBe(1);
    expect(comparison!.diff.reads.map((r) => r.uri)).toEqual([A.uri]);

    const off = await patch({ compareLastBuild: false });
    expect(off.body).toMatchObject({ compareLastBuild: false, lastBuildDiff: null });
    expect((await lastBuild()).body.comparison).toBeNull();
    await call(watchFilesRoute.DELETE, { method: "DELETE", params: { id } });
  });
});
