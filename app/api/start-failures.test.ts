/**
 * Issue 33, through POST /api/sessions against real stdio servers: our own initialize timeout is
 * a timeout (504, "initialize timed out"), not the SIGTERM we sent after it; a server that crashes
 * at start is started once (the era probe does not start it again), its stderr shown once.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

// Before the registry reads its config: the probe waits at most this too, so a silent server
// costs two of these.
process.env.MCP_INSPECTOR_CONNECT_TIMEOUT_MS = "1500";

const sessionsRoute = await import("./sessions/route");

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "mcp-start-failures-"));
const fixture = (...args: string[]) => ({
  command: process.execPath,
  args: ["--import", "tsx", path.join(root, "e2e/fixtures/servers/misbehaving-server.ts"), ...args],
  env: { [TEST_MARK_VAR]: testMark() },
});
interface ErrorBody {
  error: { code: string; message: string; stderrTail?: string[] };
}
const start = (body: object) => callJson<ErrorBody>(sessionsRoute.POST, { method: "POST", body });

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("misbehaving-server"));
});

describe("a server that fails to start", () => {
  it("never answering initialize: 504 initialize timed out, not the signal we stopped it with", async () => {
    const res = await start(fixture("silent"));
    expect(res.status, JSON.stringify(res.body)).toBe(504);
    expect(res.body.error.code).toBe("gateway_timeout");
    expect(res.body.error.message).toMatch(/^initialize timed out: the server did not answer within 1500 ms/);
    expect(res.body.error.message).toContain("--stdio");
    expect(res.body.error.message).not.toMatch(/SIGTERM|exited/);
    expect(res.body.error.stderrTail).toContain("listening on http://127.0.0.1:0 (pass --stdio for stdio)");
  });

  it("crashing at start: started once, its whole stack trace shown once, 502 with the exit code", async () => {
    const starts = path.join(dir, "starts.txt");
    const res = await start(fixture("crash-at-start", starts));
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.message).toMatch(/exit code 1/);
    expect(readFileSync(starts, "utf8").trim().split("\n")).toHaveLength(1);
    const tail = res.body.error.stderrTail ?? [];
    expect(tail.filter((l) => l === "Error: config.json is missing")).toHaveLength(1);
    expect(tail.filter((l) => l === "end of stack")).toHaveLength(1);
    expect(tail.filter((l) => l.startsWith("    at loadConfig"))).toHaveLength(10);
  });
});
