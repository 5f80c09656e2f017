/**
 * The recorded-check step "expect same as capture" over real stdio: against a capture the real
 * writer made of the same fixture it passes (the listed resources are read again because the
 * capture was "capture all"); against a copy with one text changed it fails with the diff report's
 * lines naming that read; `ignore` and the step's matchers silence it; a capture outside the check's
 * folder or not a capture is a step error; and it needs a version 3 file.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import { encodeCapture, type Capture } from "@/lib/capture/format";
import { checkFileSchema, type CheckFileInput } from "@/lib/check/schema";
import { captureSession } from "@/server/capture/writer";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { runCheck } from "./runner";

const FIXTURE = path.join(process.cwd(), "e2e/fixtures/servers/host-fixture.mjs");
const FLAGS = ["png", "title"];
const README = "host://docs/readme";
const README_TEXT = "/reads/host:~1~1docs~1readme/contents/0/text";
const dir = mkdtempSync(path.join(tmpdir(), "mcp-same-as-"));
const sessions = closedAfterEachTest();
let capture: Capture;

beforeAll(async () => {
  const launch: LaunchSpec = {
    kind: "stdio",
    program: process.execPath,
    args: [FIXTURE, ...FLAGS],
    env: { [TEST_MARK_VAR]: testMark() },
  };
  const { session } = openSession(sessions, launch);
  await session.connect();
  // A template read: not listed, so only reading what the capture read brings it back.
  await session.read("host://items/42");
  capture = await captureSession(session, { all: true });
  await session.close();
  writeFileSync(path.join(dir, "same.mcpcapture.json.gz"), await encodeCapture(capture));
  const changed = structuredClone(capture);
  const readme = changed.reads.find((r) => r.uri === README)!;
  readme.result!.contents[0]!.text = "Hello from an older build.\n";
  writeFileSync(path.join(dir, "changed.mcpcapture.json.gz"), await encodeCapture(changed));
  writeFileSync(path.join(dir, "not-a-capture.json"), "{}");
}, 30_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sameAsCheck = (step: { capture: string } & Record<string, unknown>, version = 3): CheckFileInput => ({
  version: version as 3,
  name: "same as",
  server: { command: process.execPath, args: [FIXTURE, ...FLAGS], env: { [TEST_MARK_VAR]: testMark() } },
  steps: [
    { id: "connect", action: "connect", expect: {} },
    { id: "same", action: "expectSameAs", ...step },
  ],
});

const run = async (input: CheckFileInput) =>
  (await runCheck(checkFileSchema.parse(input), { dir, vars: {}, file: "x.check.json" })).result;

describe("expectSameAs step", () => {
  it("the capture read every listed resource and the template read", () => {
    expect(capture.budget.all).toBe(true);
    expect(capture.reads.map((r) => r.uri).sort()).toEqual([
      "host://docs/readme",
      "host://docs/titled",
      "host://images/dot.png",
      "host://items/1",
      "host://items/42",
    ]);
  });

  it("passes against a capture of the same server", async () => {
    const r = await run(sameAsCheck({ capture: "same.mcpcapture.json.gz" }));
    expect(r.steps.map((s) => [s.status, s.error])).toEqual([
      ["passed", undefined],
      ["passed", undefined],
    ]);
  });

  it("fails against a copy with one changed text, with the report's lines naming that read", async () => {
    const r = await run(sameAsCheck({ capture: "changed.mcpcapture.json.gz" }));
    const step = r.steps[1]!;
    expect(step.status).toBe("failed");
    expect(step.mismatches).toHaveLength(1);
    const lines = step.mismatches[0]!.message.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "the server differs from changed.mcpcapture.json.gz:",
      "--- changed.mcpcapture.json.gz",
      "+++ the server",
      "Reads",
    ]);
    expect(lines.filter((l) => /^ {2}[~+-] /.test(l))).toEqual([`  ~ ${README} [0] text:`]);
    expect(lines).toContain("      -Hello from an older build.");
    expect(lines).toContain("      +Hello from the host fixture.");
    expect(lines.at(-1)).toBe("1 change");
  });

  it("ignore, or a matcher of the step, silences the changed field", async () => {
    const ignored = await run(sameAsCheck({ capture: "changed.mcpcapture.json.gz", ignore: [README_TEXT] }));
    expect(ignored.steps[1]?.status).toBe("passed");
    const regex = await run(
      sameAsCheck({
        capture: "changed.mcpcapture.json.gz",
        matchers: { [README_TEXT]: { type: "regex", pattern: "Hello from .*" } },
      }),
    );
    expect(regex.steps[1]?.status).toBe("passed");
  });

  it("a capture outside the check's folder, or a file that is no capture, is a step error", async () => {
    const outside = await run(sameAsCheck({ capture: "../elsewhere.mcpcapture.json.gz" }));
    expect([outside.steps[1]?.status, outside.steps[1]?.error]).toEqual([
      "error",
      expect.stringMatching(/inside the check file's folder/),
    ]);
    // A link inside the folder to a file outside it is outside too.
    const elsewhere = mkdtempSync(path.join(tmpdir(), "mcp-same-as-elsewhere-"));
    writeFileSync(path.join(elsewhere, "x.json"), "{}");
    symlinkSync(path.join(elsewhere, "x.json"), path.join(dir, "link.json"));
    const linked = await run(sameAsCheck({ capture: "link.json" }));
    rmSync(elsewhere, { recursive: true, force: true });
    expect(linked.steps[1]?.error).toMatch(/inside the check file's folder/);
    const missing = await run(sameAsCheck({ capture: "missing.mcpcapture.json.gz" }));
    expect(missing.steps[1]?.error).toMatch(/missing\.mcpcapture\.json\.gz: no such capture file/);
    const foreign = await run(sameAsCheck({ capture: "not-a-capture.json" }));
    expect([foreign.steps[1]?.status, foreign.steps[1]?.error]).toEqual([
      "error",
      expect.stringMatching(/not-a-capture\.json: not a capture file/),
    ]);
  });

  it("needs a version 3 file", () => {
    const parsed = checkFileSchema.safeParse(sameAsCheck({ capture: "same.mcpcapture.json.gz" }, 2));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("expectSameAs needs version 3");
  });
});
