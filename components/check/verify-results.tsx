import type { StepRepeat } from "@/lib/check/repeat";
import type { CheckRepeat } from "@/lib/check/results";

export interface VerifyResultsProps {
  verify: CheckRepeat;
  /** Loosen a flaky step's field to a type-only comparison (the suggested matcher). */
  onLoosen: (stepId: string, path: string) => void;
}

/** The fields a flaky step's failing runs named, where a looser matcher would help. */
export function flakyPaths(step: StepRepeat): string[] {
  const paths = step.outcomes.flatMap((o) => (o.status === "failed" ? o.paths : []));
  return [...new Set(paths)].filter(
    (p) => p.startsWith("/contents") || p.startsWith("/items") || p === "/uri",
  );
}

/**
 * "Verify now" (issue 13): the draft replayed against fresh servers, per step N/N or flaky with
 * what each run saw, and for a flaky field the looser matcher one click away.
 */
export function VerifyResults({ verify, onLoosen }: VerifyResultsProps) {
  const unstable = verify.steps.filter((s) => s.verdict !== "stable");
  return (
    <section
      aria-label="Verify results"
      className="flex flex-col gap-1 rounded-md border border-zinc-200 bg-white p-2"
    >
      <p
        role="status"
        className={`text-xs font-medium ${unstable.length ? "text-amber-900" : "text-emerald-800"}`}
      >
        {unstable.length === 0
          ? `Every step passed ${verify.runs}/${verify.runs} replays.`
          : `${unstable.length} ${unstable.length === 1 ? "step" : "steps"} did not pass all ${verify.runs} replays.`}
      </p>
      {verify.errors.map((e) => (
        <p key={e} className="text-[11px] text-rose-800">
          Could not run: {e}
        </p>
      ))}
      <ul className="flex flex-col gap-1">
        {unstable.map((s) => (
          <li key={s.id} className="text-[11px] text-zinc-700">
            <span className="font-mono">{s.id}</span> {s.action}: {s.passed}/{s.runs}{" "}
            <span className={s.verdict === "flaky" ? "text-amber-800" : "text-rose-800"}>{s.verdict}</span>
            <ul className="pl-4">
              {s.outcomes.map((o) => (
                <li key={o.runs.join(",")} className="break-words">
                  run{o.runs.length > 1 ? "s" : ""} {o.runs.join(", ")}:{" "}
                  {o.status === "passed" ? "passed" : o.detail}
                </li>
              ))}
            </ul>
            {s.verdict === "flaky" &&
              flakyPaths(s).map((path) => (
                <button
                  key={path}
                  type="button"
                  onClick={() => onLoosen(s.id, path)}
                  className="mt-0.5 mr-1 rounded border border-zinc-300 px-1.5 text-[11px] hover:bg-zinc-50"
                >
                  Compare {path} by type only
                </button>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
