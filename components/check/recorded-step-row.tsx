import { stepTarget, takesSecondLook } from "@/lib/check/format";
import type { RecordedStep } from "@/lib/check/results";
import { ActionBadge } from "./action-badge";
import { VolatileList } from "./volatile-list";

export interface RecordedStepRowProps {
  recorded: RecordedStep;
  /** Its second look is still running. */
  pending: boolean;
}

/** One recorded step as it comes in: when, what, on what, and what the second look found. */
export function RecordedStepRow({ recorded, pending }: RecordedStepRowProps) {
  const { step, volatile, at } = recorded;
  return (
    <li className="flex gap-2 px-3 py-1">
      <span className="w-12 shrink-0 pt-px text-right text-[11px] text-zinc-400 tabular-nums">
        +{(at / 1000).toFixed(1)} s
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <ActionBadge action={step.action} />
          <span className="min-w-0 truncate font-mono text-[11px] text-zinc-800" title={stepTarget(step)}>
            {stepTarget(step)}
          </span>
          <span className="ml-auto shrink-0 font-mono text-[10px] text-zinc-400">{step.id}</span>
        </div>
        {takesSecondLook(step) &&
          (pending ? (
            <p className="mt-0.5 text-[11px] text-zinc-500">
              <span
                aria-hidden="true"
                className="mr-1 inline-block size-1.5 animate-pulse rounded-full bg-amber-500"
              />
              pending: looking again to find fields that change by themselves…
            </p>
          ) : volatile.length > 0 ? (
            <VolatileList fields={volatile} />
          ) : (
            <p className="mt-0.5 text-[11px] text-zinc-400">stable: nothing changed on the second look</p>
          ))}
      </div>
    </li>
  );
}
