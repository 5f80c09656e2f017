import type { StepResult } from "@/lib/check/results";
import { ActionBadge } from "./action-badge";
import { MismatchView } from "./mismatch-view";
import { StatusMark } from "./status-mark";

export interface StepResultRowProps {
  result: StepResult;
  /** What the step acted on, when known. */
  target?: string;
  /** Set when the step read a resource that can be opened in the viewer. */
  onOpen?: () => void;
  openTitle?: string;
  /** Why a failing step's resource cannot be opened, when it cannot. */
  openNote?: string;
}

/** One step of a run: passed/failed with its duration, and every mismatch with a diff. */
export function StepResultRow({ result, target, onOpen, openTitle, openNote }: StepResultRowProps) {
  const failed = result.status === "failed" || result.status === "error";
  return (
    <li className={`px-3 py-1 ${failed ? "bg-rose-50/40" : ""}`}>
      <div className="flex items-center gap-2">
        <StatusMark status={result.status} />
        <span className="font-mono text-[11px] text-zinc-800">{result.id}</span>
        <ActionBadge action={result.action} />
        {(result.title ?? target) && (
          <span
            className="min-w-0 truncate font-mono text-[11px] text-zinc-600"
            title={result.title ?? target}
          >
            {result.title ?? target}
          </span>
        )}
        {onOpen && failed && (
          <button
            type="button"
            onClick={onOpen}
            title={openTitle}
            className="rounded border border-zinc-300 bg-white px-1.5 py-px text-[11px] font-medium text-zinc-700 hover:bg-zinc-100"
          >
            Open in viewer
          </button>
        )}
        <span className="ml-auto text-[11px] text-zinc-400 tabular-nums">{result.durationMs} ms</span>
      </div>
      {!onOpen && openNote && failed && <p className="mt-0.5 pl-6 text-[11px] text-zinc-600">{openNote}</p>}
      {result.note && <p className="mt-0.5 pl-6 text-[11px] text-zinc-500">{result.note}</p>}
      {result.error && <p className="mt-0.5 pl-6 text-[11px] break-words text-rose-800">{result.error}</p>}
      {result.mismatches.length > 0 && (
        <ul aria-label={`Mismatches of ${result.id}`} className="divide-y divide-rose-100 pl-6">
          {result.mismatches.map((m, i) => (
            <MismatchView key={`${i} ${m.path}`} mismatch={m} />
          ))}
        </ul>
      )}
    </li>
  );
}
