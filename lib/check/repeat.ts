/**
 * `check --repeat N` (issue 13): one check run N times against fresh servers, summed up per step —
 * passed N/N, failed every time, or flaky, with what differed between the runs.
 */
import type { CheckRepeat, CheckResult, StepOutcome, StepRepeat } from "./results";

// The shapes live in results.ts with the rest of what the checks routes answer (no cycle back here).
export type { CheckRepeat, StepOutcome, StepRepeat };

const verdictOf = (passed: number, runs: number) =>
  passed === runs ? "stable" : passed === 0 ? "failing" : "flaky";

/** What one run's step said, as one line: its error, or each mismatch with the values involved. */
function detailOf(step: CheckResult["steps"][number]): string {
  if (step.status === "passed") return "";
  if (step.error) return step.error;
  return step.mismatches
    .map((m) => {
      const values =
        m.actual !== undefined || m.expected !== undefined
          ? ` (expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)})`
          : "";
      return `${m.path || "(root)"}: ${m.message}${m.problem === "different" ? "" : values}`;
    })
    .join("; ");
}

/** The runs of one check (same file, in run order) summed up step by step. */
export function summarizeRepeats(runs: readonly CheckResult[]): CheckRepeat {
  const first = runs[0];
  const order: { id: string; action: string }[] = [];
  const byStep = new Map<string, Map<string, StepOutcome>>();
  const passedBy = new Map<string, number>();
  runs.forEach((run, i) => {
    for (const s of run.steps) {
      if (!byStep.has(s.id)) {
        order.push({ id: s.id, action: s.action });
        byStep.set(s.id, new Map());
        passedBy.set(s.id, 0);
      }
      if (s.status === "passed") passedBy.set(s.id, passedBy.get(s.id)! + 1);
      const detail = detailOf(s);
      const key = `${s.status}\n${detail}`;
      const outcomes = byStep.get(s.id)!;
      const o = outcomes.get(key) ?? {
        runs: [],
        status: s.status,
        detail,
        paths: [...new Set(s.mismatches.map((m) => m.path))],
      };
      o.runs.push(i + 1);
      outcomes.set(key, o);
    }
  });
  const steps = order.map(({ id, action }): StepRepeat => {
    const passed = passedBy.get(id) ?? 0;
    const verdict = verdictOf(passed, runs.length);
    return {
      id,
      action,
      passed,
      runs: runs.length,
      verdict,
      outcomes: verdict === "stable" ? [] : [...byStep.get(id)!.values()],
    };
  });
  const passed = runs.filter((r) => r.status === "passed").length;
  return {
    name: first?.name ?? "",
    ...(first?.file ? { file: first.file } : {}),
    runs: runs.length,
    passed,
    verdict: verdictOf(passed, runs.length),
    errors: [...new Set(runs.flatMap((r) => (r.error ? [r.error] : [])))],
    steps,
  };
}
