/**
 * GET /api/sessions/{id}/problems and POST|DELETE …/problems/scan through the real route handlers
 * against the lint fixture over real stdio: passive problems without a scan, the scan's findings
 * and progress, Stop, and the token every route requires.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ProblemsResponse } from "@/lib/lint/problem";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "5000";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const problemsRoute = await import("./sessions/[id]/problems/route");
const scanRoute = await import("./sessions/[id]/problems/scan/route");

const root = process.cwd();
const ids: string[] = [];

async function connectFixture(flags: string[]): Promise<string> {
  const res = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: {
      command: process.execPath,
      args: [path.join(root, "e2e/fixtures/servers/lint-fixture.mjs"), ...flags],
      env: { [TEST_MARK_VAR]: testMark() },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids.push(res.body.id);
  return res.body.id;
}

const params = (id: string) => ({ params: { id } });

afterAll(async () => {
  for (const id of ids) await call(sessionRoute.DELETE, { method: "DELETE", ...params(id) });
  await expectNoLeftoverProcesses();
});

describe("problems API", () => {
  it("lists passive problems, then a scan's, most severe first; the scan reports its reads", async () => {
    const id = await connectFixture(["stdout-junk", "size", "no-mime"]);
    const before = await callJson<ProblemsResponse, { id: string }>(problemsRoute.GET, params(id));
    expect(before.status).toBe(200);
    // The banner was written before initialize: found without any scan. (The host rules' findings on
    // the fixture's paged list and template come with the listing; host-fixture.test.ts has them.)
    const spec = (ps: ProblemsResponse["problems"]) =>
      ps.filter((p) => p.hosts === undefined).map((p) => p.code);
    expect(spec(before.body.problems)).toEqual(["stdout-not-jsonrpc"]);
    expect(before.body.problems.find((p) => p.code === "host-templates-only")?.hosts).toEqual([
      "gemini-cli",
      "claude-code",
    ]);
    expect(before.body.scan).toBeUndefined();

    const scanned = await callJson<ProblemsResponse, { id: string }>(scanRoute.POST, {
      method: "POST",
      ...params(id),
    });
    expect(scanned.status).toBe(200);
    expect(scanned.body.scan).toMatchObject({ running: false, reads: 4, total: 4, stopped: false });
    expect(spec(scanned.body.problems)).toEqual(["stdout-not-jsonrpc", "size-mismatch", "missing-mime-type"]);
    const rank = { error: 0, warning: 1, info: 2 };
    const severities = scanned.body.problems.map((p) => rank[p.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));

    const after = await callJson<ProblemsResponse, { id: string }>(problemsRoute.GET, params(id));
    expect(after.body.problems).toEqual(scanned.body.problems);
    expect(after.body.scan?.finishedAt).toBeTruthy();
  });

  it("Stop ends a running scan early (a slow read in flight, nothing sent after it)", async () => {
    const id = await connectFixture(["slow", "size"]);
    const started = await callJson<ProblemsResponse, { id: string }>(scanRoute.POST, {
      method: "POST",
      path: "/x?wait=0",
      ...params(id),
    });
    expect(started.status).toBe(202);
    expect(started.body.scan?.running).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const stopped = await callJson<ProblemsResponse, { id: string }>(scanRoute.DELETE, {
      method: "DELETE",
      ...params(id),
    });
    expect(stopped.body.scan?.stopped).toBe(true);
    // The scan ends once the read in flight answers; it never reaches the last resources.
    const deadline = Date.now() + 10_000;
    let state = stopped.body.scan;
    while (state?.running && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await callJson<ProblemsResponse, { id: string }>(problemsRoute.GET, params(id))).body.scan;
    }
    expect(state?.running).toBe(false);
    expect(state?.reads).toBeLessThan(state?.total ?? 0);
  });

  it("refuses without the token and answers 404 for an unknown session", async () => {
    const id = await connectFixture([]);
    expect((await call(problemsRoute.GET, { ...params(id), token: null })).status).toBe(401);
    expect((await call(scanRoute.POST, { method: "POST", ...params(id), token: null })).status).toBe(401);
    expect((await call(problemsRoute.GET, params("nosuchsession"))).status).toBe(404);
  });
});
