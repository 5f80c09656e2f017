/**
 * Recorded checks keep the protocol era they were recorded in and replay in it (issue 15). The
 * modern fixture reads modern://form as text in the legacy era and as `input_required` in the
 * 2026-07-28 one, so the era a run speaks shows in whether the read passes.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkFileSchema, type CheckFileInput } from "@/lib/check/schema";
import type { McpSession } from "@/server/mcp/session";
import { openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { startRecording, stopRecording } from "./recorder";
import { runCheck } from "./runner";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const fixture = path.join(process.cwd(), "e2e/fixtures/servers/modern-server.mjs");
const sessions: McpSession[] = [];

afterEach(async () => {
  for (const s of sessions) stopRecording(s);
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

noLeftoverProcessesAfterAll();

function formCheck(era: "legacy" | "modern" | undefined): CheckFileInput {
  return {
    version: 3,
    name: "form read",
    server: {
      command: process.execPath,
      args: [fixture],
      env: { [TEST_MARK_VAR]: testMark() },
      ...(era ? { era } : {}),
    },
    steps: [
      { id: "connect", action: "connect", expect: {} },
      {
        id: "form",
        action: "read",
        uri: "modern://form",
        expect: { contents: [{ uri: "modern://form", mimeType: "text/plain", text: "a form (legacy era)" }] },
      },
    ],
  };
}

describe("recorded checks and the protocol era", () => {
  it("a check recorded in the legacy era replays in it, even against a server that speaks 2026-07-28", async () => {
    const legacy = await runCheck(checkFileSchema.parse(formCheck("legacy")), {
      dir: process.cwd(),
      vars: {},
    });
    expect(legacy.result.steps.map((s) => [s.id, s.status])).toEqual([
      ["connect", "passed"],
      ["form", "passed"],
    ]);
    // Without the era the run probes, speaks 2026-07-28, and the same read asks for input instead.
    const auto = await runCheck(checkFileSchema.parse(formCheck(undefined)), {
      dir: process.cwd(),
      vars: {},
    });
    expect(auto.result.steps[1]?.status).toBe("failed");
  });

  it("the recorder stores the era the session spoke", async () => {
    for (const era of ["legacy", "modern"] as const) {
      const { session } = openSession(sessions, {
        kind: "stdio",
        program: process.execPath,
        args: [fixture],
        env: { [TEST_MARK_VAR]: testMark() },
        ...(era === "legacy" ? { era } : {}),
      });
      await session.connect();
      const recorder = startRecording(session);
      await session.read("modern://note");
      expect(recorder.toCheck("era").server).toMatchObject({ era });
    }
  });
});
