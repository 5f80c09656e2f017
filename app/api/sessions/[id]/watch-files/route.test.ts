/**
 * PUT/GET/DELETE /api/sessions/{id}/watch-files through the real route handlers: the suggested
 * path, the refusals a user can meet (a missing path, a build line that needs a shell, a remote
 * server) as 400/409 envelopes, and watch mode on and off in the session summary.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { FileWatchInfo, FileWatchStatus, SessionSummary } from "@/lib/api/contract";
import { startFixtureHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { copyWatchFixture } from "@/server/testing/watch-fixture";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const sessionsRoute = await import("../../route");
const sessionRoute = await import("../route");
const watchFilesRoute = await import("./route");

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
noLeftoverProcessesAfterAll();

async function connect(body: object): Promise<SessionSummary> {
  const res = await callJson<SessionSummary>(sessionsRoute.POST, { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id;
  cleanups.push(async () => void (await call(sessionRoute.DELETE, { method: "DELETE", params: { id } })));
  return res.body;
}

const put = (id: string, body: object) =>
  callJson<FileWatchStatus & { error?: { code: string; message: string } }, { id: string }>(
    watchFilesRoute.PUT,
    { method: "PUT", params: { id }, body },
  );

describe("/api/sessions/{id}/watch-files", () => {
  it("suggests the script's folder, turns watch mode on and off, and refuses what it cannot watch", async () => {
    const fixture = copyWatchFixture([{ uri: "fixture://a", name: "a", text: "a" }]);
    cleanups.push(fixture.cleanup);
    const s = await connect({
      command: process.execPath,
      args: [fixture.script],
      env: { [TEST_MARK_VAR]: testMark() },
    });

    const info = await callJson<FileWatchInfo, { id: string }>(watchFilesRoute.GET, { params: { id: s.id } });
    expect(info.body).toEqual({ suggestedPath: fixture.dir, fileWatch: null });

    const missing = await put(s.id, { path: path.join(fixture.dir, "nope") });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toMatch(/does not exist/);

    const shell = await put(s.id, { path: fixture.dir, build: "npm run build && echo done" });
    expect(shell.status).toBe(400);
    expect(shell.body.error?.message).toMatch(/command list/);

    const on = await put(s.id, { path: fixture.dir, build: "npm run build" });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      path: fixture.dir,
      build: "npm run build",
      state: "watching",
      restarts: 0,
    });
    const summary = await callJson<SessionSummary, { id: string }>(sessionRoute.GET, {
      params: { id: s.id },
    });
    expect(summary.body.fileWatch?.path).toBe(fixture.dir);

    const off = await call(watchFilesRoute.DELETE, { method: "DELETE", params: { id: s.id } });
    expect(off.status).toBe(204);
    const after = await callJson<SessionSummary, { id: string }>(sessionRoute.GET, { params: { id: s.id } });
    expect(after.body.fileWatch).toBeUndefined();
  });

  it("refuses a remote (HTTP) server with 409", async () => {
    const server: HttpServerHandle = await startFixtureHttp("e2e/fixtures/servers/http-misbehaving.ts", [], {
      [TEST_MARK_VAR]: testMark(),
    });
    cleanups.push(() => server.stop());
    const s = await connect({ url: `${server.url}/mcp`, transport: "streamable-http" });
    const res = await put(s.id, { path: process.cwd() });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toMatch(/stdio/);
  });
});
