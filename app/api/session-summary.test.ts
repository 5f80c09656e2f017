/**
 * What the API says about a session's launch: the program, arguments and the names of the
 * environment variables the user gave it — never their values (GET /api/sessions and
 * GET /api/sessions/{id}, and so the `session` event, which carries the same summary).
 */
import { afterAll, expect, it } from "vitest";
import type { SessionListResponse, SessionSummary } from "@/lib/api/contract";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");

const SECRET = "sk-live-51f0-never-in-a-summary";
const PLAIN = "plain-value-not-secret-looking";
const opened: string[] = [];

afterAll(async () => {
  for (const id of opened) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
  await expectNoLeftoverProcesses();
});

it("session summaries list env names only, sorted; no value the user typed comes back", async () => {
  const created = await callJson<SessionSummary>(sessionsRoute.POST, {
    method: "POST",
    body: { preset: "demo", env: { [TEST_MARK_VAR]: testMark(), API_KEY: SECRET, COLOUR: PLAIN } },
  });
  expect(created.status).toBe(201);
  opened.push(created.body.id);
  expect(created.body.launch.kind === "stdio" && created.body.launch.envNames).toEqual([
    "API_KEY",
    "COLOUR",
    TEST_MARK_VAR,
  ]);
  expect(created.body.launch).not.toHaveProperty("env");

  const listRes = await call(sessionsRoute.GET);
  const listText = await listRes.text();
  const one = await call(sessionRoute.GET, { params: { id: created.body.id } });
  const oneText = await one.text();
  for (const text of [JSON.stringify(created.body), listText, oneText]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(PLAIN);
    expect(text).not.toContain(testMark());
  }
  const listed = (JSON.parse(listText) as SessionListResponse).sessions.find((s) => s.id === created.body.id);
  expect(listed?.launch.kind === "stdio" && listed.launch.envNames).toEqual([
    "API_KEY",
    "COLOUR",
    TEST_MARK_VAR,
  ]);
});
