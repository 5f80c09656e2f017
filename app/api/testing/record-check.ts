/**
 * Record a check through the real route handlers (create a session, start recording, act, take
 * the draft, save it), as the app's recorder does, and mark the saved file so the CLI's servers
 * are reaped by the test run's leftover check.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { CheckFile } from "@/lib/check/schema";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";

const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");
const recordingRoute = await import("@/app/api/sessions/[id]/recording/route");
const recordingCheckRoute = await import("@/app/api/sessions/[id]/recording/check/route");
const checksRoute = await import("@/app/api/checks/route");

export const params = (id: string) => ({ params: { id } });

/**
 * Record what `actions` does with a new session of `body` into a check named `name`, saved in
 * `dir` (the checks root, MCP_INSPECTOR_CHECKS_DIR). `edit` may change the draft before saving.
 */
export async function recordCheck(
  dir: string,
  body: object,
  actions: (id: string) => Promise<void>,
  name: string,
  edit: (check: CheckFile) => CheckFile = (c) => c,
): Promise<{ steps: CheckFile["steps"]; file: string; check: CheckFile }> {
  const created = await callJson<{ id: string }>(sessionsRoute.POST, { method: "POST", body });
  expect(created.status).toBe(201);
  const id = created.body.id;
  try {
    expect((await call(recordingRoute.POST, { method: "POST", ...params(id) })).status).toBe(201);
    await actions(id);
    const draft = await callJson<{ check: CheckFile }, { id: string }>(recordingCheckRoute.POST, {
      method: "POST",
      ...params(id),
      body: { name },
    });
    expect(draft.status).toBe(200);
    const check = edit(draft.body.check);
    const saved = await callJson<{ path: string }>(checksRoute.POST, { method: "POST", body: { check } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const file = path.join(dir, saved.body.path);
    markLiterally(file);
    return { steps: check.steps, file, check };
  } finally {
    await call(sessionRoute.DELETE, { method: "DELETE", ...params(id) });
  }
}

/**
 * The recorder stores every env value as a reference, the test mark too; but MCP_INSPECTOR_*
 * names never resolve in a check, so the CLI's servers get the mark as a literal value.
 */
export function markLiterally(file: string): void {
  const check = JSON.parse(readFileSync(file, "utf8")) as { server: { env: Record<string, string> } };
  expect(check.server.env[TEST_MARK_VAR]).toBe(`\${${TEST_MARK_VAR}}`);
  check.server.env[TEST_MARK_VAR] = testMark();
  writeFileSync(file, JSON.stringify(check, null, 2));
}
