/**
 * The recorded-check step "expect host compatible" over real stdio: it passes on a server no host
 * rule flags, fails with one mismatch per host problem (error or warning) naming the hosts and the
 * code, narrows to hosts and codes, judges the check's server name, and needs a version 3 file.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFileSchema, type CheckFileInput } from "@/lib/check/schema";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";
import { runCheck } from "./runner";

noLeftoverProcessesAfterAll();

const hostCheck = (
  flags: string[],
  step: Record<string, unknown>,
  server: Record<string, unknown> = {},
): CheckFileInput => ({
  version: 3,
  name: "host compatible",
  server: {
    command: process.execPath,
    args: [path.join(process.cwd(), "e2e/fixtures/servers/host-cli-fixture.mjs"), ...flags],
    env: { [TEST_MARK_VAR]: testMark() },
    ...server,
  },
  steps: [
    { id: "connect", action: "connect", expect: {} },
    { id: "hosts", action: "expectHostCompatible", ...step },
  ],
});

const run = async (input: CheckFileInput) =>
  (await runCheck(checkFileSchema.parse(input), { dir: process.cwd(), vars: {}, file: "x.check.json" }))
    .result;

describe("expectHostCompatible step", () => {
  it("passes on a server no host rule flags, after a scan", async () => {
    const r = await run(hostCheck([], { scan: true }));
    expect(r.steps.map((s) => s.status)).toEqual(["passed", "passed"]);
  });

  it("fails with one mismatch per host error or warning, naming the hosts and the code", async () => {
    // mention: host-uri-breaks-mention (error, passive); blob: host-blob-invisible (warning) and
    // host-blob-saved-to-disk (info: never counted), both seen only when the scan reads it.
    const r = await run(hostCheck(["mention", "blob"], { scan: true }));
    const step = r.steps[1]!;
    expect(step.status).toBe("failed");
    expect(step.mismatches.map((m) => m.path).sort()).toEqual([
      "/hosts/host-blob-invisible",
      "/hosts/host-uri-breaks-mention",
    ]);
    const mention = step.mismatches.find((m) => m.path === "/hosts/host-uri-breaks-mention")!;
    expect(mention.message).toMatch(
      /^Gemini CLI: error host-uri-breaks-mention: @<server>:hostcli:\/\/docs\/notes\(draft\) /,
    );
    expect(mention.actual).toBe("hostcli://docs/notes(draft)");
  });

  it("counts only problems affecting the hosts it names, and only the codes it names", async () => {
    const vscode = await run(hostCheck(["mention", "blob"], { hosts: ["vscode", "codex"], scan: true }));
    expect(vscode.steps[1]?.status).toBe("passed");
    const codes = await run(hostCheck(["mention", "blob"], { codes: ["host-blob-invisible"], scan: true }));
    expect(codes.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/hosts/host-blob-invisible"]);
    // Without a scan only what the connect's walks heard counts: the blob was never read.
    const passive = await run(hostCheck(["mention", "blob"], {}));
    expect(passive.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/hosts/host-uri-breaks-mention"]);
  });

  it("judges the server's name from the host's config", async () => {
    const r = await run(hostCheck([], {}, { name: "docs:v2" }));
    const messages = r.steps[1]?.mismatches.map((m) => m.message) ?? [];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(
      /^Gemini CLI: error host-server-name-colon: The server name “docs:v2” contains “:”/,
    );
    expect(messages[1]).toMatch(/^Claude Code: warning host-server-name-chars: /);
    const gemini = await run(hostCheck([], { hosts: ["gemini-cli"] }, { name: "docs:v2" }));
    expect(gemini.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/hosts/host-server-name-colon"]);
  });

  it("needs version 3, and rejects an unknown host, a protocol code and an empty host list", () => {
    expect(checkFileSchema.safeParse({ ...hostCheck([], {}), version: 2 }).success).toBe(false);
    expect(checkFileSchema.safeParse(hostCheck([], { hosts: ["cursor"] })).success).toBe(false);
    expect(checkFileSchema.safeParse(hostCheck([], { hosts: [] })).success).toBe(false);
    expect(checkFileSchema.safeParse(hostCheck([], { codes: ["duplicate-uri"] })).success).toBe(false);
    expect(
      checkFileSchema.safeParse(hostCheck([], { hosts: ["vscode"], codes: ["host-empty-read"] })).success,
    ).toBe(true);
  });
});
