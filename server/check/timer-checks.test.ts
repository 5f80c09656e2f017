/**
 * Issue 13: checks recorded against a server that ticks on a timer from boot
 * (e2e/fixtures/servers/timer-server.mjs) replay green however the server's clock lines up.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCheckCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, leftoverProcesses, testMark } from "@/server/testing/processes";
import { params, recordCheck } from "@/server/testing/record-check";
import { call, callJson } from "@/server/testing/route-client";

const resourcesRoute = await import("@/app/api/sessions/[id]/resources/route");
const watchesRoute = await import("@/app/api/sessions/[id]/watches/route");

const fixture = path.join(process.cwd(), "e2e/fixtures/servers/timer-server.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-timer-checks-"));
process.env.MCP_INSPECTOR_CHECKS_DIR = dir;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  expect(await leftoverProcesses()).toEqual([]);
});

const cli = (args: string[]) => runCheckCli(args, { cwd: dir });
const timerServer = (...args: string[]) => ({
  command: process.execPath,
  args: [fixture, ...args],
  env: { [TEST_MARK_VAR]: testMark() },
});

/** What a new user does: open the server (the tree lists it), watch the ticker, look for 2.5 s. */
async function watchTicker(id: string): Promise<void> {
  await call(resourcesRoute.GET, params(id));
  await callJson(watchesRoute.POST, { method: "POST", ...params(id), body: { uri: "fixture://ticker" } });
  await new Promise((r) => setTimeout(r, 2_500));
}

describe("a server that ticks from boot", () => {
  it("reproduces issue 13", async () => {
    const { steps, file } = await recordCheck(dir, timerServer(), watchTicker, "timer");
    console.log(steps.map((s) => s.action).join(" "));
    const run = await cli([file]);
    console.log(run.stdout);
    expect(run.code).toBe(1);
  }, 60_000);
});
