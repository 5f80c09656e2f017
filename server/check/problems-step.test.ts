/**
 * The recorded-check step "expect no problems (of these codes)" against the lint fixture over
 * real stdio: it passes on a clean server, fails naming each problem found, can be narrowed to
 * codes, and needs a version 3 file. By default it judges the protocol rules only (the lint
 * fixture trips host rules, which are expectHostCompatible's); a host code counts when named.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFileSchema, type CheckFileInput } from "@/lib/check/schema";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { runCheck } from "./runner";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

noLeftoverProcessesAfterAll();

const fixtureCheck = (flags: string[], step: Record<string, unknown>): CheckFileInput => ({
  version: 3,
  name: "no problems",
  server: {
    command: process.execPath,
    args: [path.join(process.cwd(), "e2e/fixtures/servers/lint-fixture.mjs"), ...flags],
    env: { [TEST_MARK_VAR]: testMark() },
  },
  steps: [
    { id: "connect", action: "connect", expect: {} },
    { id: "lint", action: "expectNoProblems", ...step },
  ],
});

const run = async (input: CheckFileInput) =>
  (await runCheck(checkFileSchema.parse(input), { dir: process.cwd(), vars: {}, file: "x.check.json" }))
    .result;

describe("expectNoProblems step", () => {
  it("passes on a clean server after a scan", async () => {
    const r = await run(fixtureCheck([], { scan: true }));
    expect(r.steps.map((s) => s.status)).toEqual(["passed", "passed"]);
  });

  it("fails with one mismatch per problem (errors and warnings by default)", async () => {
    const r = await run(fixtureCheck(["duplicate", "size", "no-mime"], { scan: true }));
    const step = r.steps[1]!;
    expect(step.status).toBe("failed");
    // missing-mime-type is info: not counted unless named.
    expect(step.mismatches.map((m) => m.path).sort()).toEqual([
      "/problems/duplicate-uri",
      "/problems/size-mismatch",
    ]);
    expect(step.mismatches[0]?.message).toMatch(/^(error|warning) /);
  });

  it("only the codes it names count, and passive problems count without a scan", async () => {
    const named = await run(fixtureCheck(["stdout-junk", "size"], { codes: ["size-mismatch"], scan: true }));
    expect(named.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/problems/size-mismatch"]);
    const passive = await run(fixtureCheck(["stdout-junk", "size"], { codes: ["stdout-not-jsonrpc"] }));
    expect(passive.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/problems/stdout-not-jsonrpc"]);
    const other = await run(fixtureCheck(["stdout-junk"], { codes: ["duplicate-uri"], scan: true }));
    expect(other.steps[1]?.status).toBe("passed");
  });

  it("counts a host problem only when its code is named", async () => {
    const r = await run(fixtureCheck([], { codes: ["host-templates-only"], scan: true }));
    expect(r.steps[1]?.mismatches.map((m) => m.path)).toEqual(["/problems/host-templates-only"]);
  });

  it("needs version 3, and rejects an unknown code", () => {
    expect(checkFileSchema.safeParse({ ...fixtureCheck([], {}), version: 2 }).success).toBe(false);
    expect(checkFileSchema.safeParse(fixtureCheck([], { codes: ["no-such-code"] })).success).toBe(false);
    expect(checkFileSchema.safeParse(fixtureCheck([], {})).success).toBe(true);
  });
});
