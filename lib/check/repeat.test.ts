import { describe, expect, it } from "vitest";
import type { CheckResult } from "./results";
import { summarizeRepeats } from "./repeat";

const run = (text: string | null): CheckResult => ({
  name: "c",
  file: "c.check.json",
  status: text === null ? "passed" : "failed",
  durationMs: 1,
  steps: [
    { id: "01-connect", action: "connect", status: "passed", durationMs: 1, mismatches: [] },
    {
      id: "02-read",
      action: "read",
      status: text === null ? "passed" : "failed",
      durationMs: 1,
      mismatches:
        text === null
          ? []
          : [
              {
                path: "/contents/0/text",
                problem: "different",
                expected: "ok",
                actual: text,
                message: `expected "ok", got "${text}"`,
              },
            ],
    },
  ],
});

describe("summarizeRepeats", () => {
  it("N/N steps are stable; a step that passed some runs is flaky with each outcome and its runs", () => {
    const s = summarizeRepeats([run("degraded"), run(null), run("degraded"), run(null)]);
    expect(s).toMatchObject({ runs: 4, passed: 2, verdict: "flaky" });
    expect(s.steps[0]).toMatchObject({ id: "01-connect", passed: 4, verdict: "stable", outcomes: [] });
    expect(s.steps[1]).toMatchObject({ passed: 2, verdict: "flaky" });
    expect(s.steps[1]!.outcomes).toEqual([
      {
        runs: [1, 3],
        status: "failed",
        detail: '/contents/0/text: expected "ok", got "degraded"',
        paths: ["/contents/0/text"],
      },
      { runs: [2, 4], status: "passed", detail: "", paths: [] },
    ]);
  });

  it("a step that never passed is failing, not flaky", () => {
    expect(summarizeRepeats([run("x"), run("x")]).steps[1]?.verdict).toBe("failing");
  });
});
