import { StderrTail } from "@/components/ui/stderr-tail";
import { missingEnvHint } from "@/lib/check/format";
import type { CheckResult, StepResult } from "@/lib/check/results";
import { StatusMark } from "./status-mark";
import { StepResultRow } from "./step-result-row";

export interface CheckResultsProps {
  results: readonly CheckResult[];
  /** The resource a failing step read, when known (read and readTemplate steps). */
  uriOf: (result: CheckResult, step: StepResult) => string | undefined;
  /** What a step acted on, when the check is known. */
  targetOf?: (result: CheckResult, step: StepResult) => string | undefined;
  /** Why a failing step's resource cannot be opened, when `uriOf` gives none for it. */
  openNoteOf?: (result: CheckResult, step: StepResult) => string | undefined;
  onOpen: (uri: string, result: CheckResult) => void;
}

/** Pass/fail per check and per step, with durations and a diff for every mismatch. */
export function CheckResults({ results, uriOf, targetOf, openNoteOf, onOpen }: CheckResultsProps) {
  const failed = results.filter((r) => r.status === "failed").length;
  return (
    <section aria-label="Check results" className="flex flex-col gap-2">
      <p role="status" className={`text-xs font-medium ${failed ? "text-rose-800" : "text-emerald-800"}`}>
        {failed === 0
          ? `${results.length === 1 ? "The check" : `All ${results.length} checks`} passed.`
          : `${failed} of ${results.length} ${results.length === 1 ? "check" : "checks"} failed.`}
      </p>
      {results.map((result, i) => (
        <article
          key={`${i} ${result.file ?? result.name}`}
          aria-label={`${result.name}: ${result.status}`}
          className="rounded-md border border-zinc-200 bg-white"
        >
          <header className="flex items-center gap-2 border-b border-zinc-100 px-3 py-1.5">
            <StatusMark status={result.status} />
            <h3 className="text-xs font-semibold">{result.name}</h3>
            {result.file && (
              <span className="min-w-0 truncate font-mono text-[11px] text-zinc-500">{result.file}</span>
            )}
            <span className="ml-auto text-[11px] text-zinc-400 tabular-nums">{result.durationMs} ms</span>
          </header>
          {result.error && (
            <div className="px-3 py-1.5 text-[11px] text-rose-800">
              <p className="break-words">{result.error}</p>
              {missingEnvHint(result.error) && (
                <p className="mt-0.5 text-zinc-600">{missingEnvHint(result.error)}</p>
              )}
              {result.stderrTail && <StderrTail lines={result.stderrTail} summary="server stderr" />}
            </div>
          )}
          {result.steps.length > 0 && (
            <ol className="divide-y divide-zinc-100">
              {result.steps.map((step) => {
                const uri = uriOf(result, step);
                const note = uri ? undefined : openNoteOf?.(result, step);
                return (
                  <StepResultRow
                    key={step.id}
                    result={step}
                    target={targetOf?.(result, step)}
                    {...(uri
                      ? { onOpen: () => onOpen(uri, result), openTitle: `Select ${uri} in the viewer` }
                      : {})}
                    {...(note ? { openNote: note } : {})}
                  />
                );
              })}
            </ol>
          )}
          {!result.error && result.stderrTail && (
            <div className="px-3 pb-1.5">
              <StderrTail lines={result.stderrTail} summary="server stderr" />
            </div>
          )}
          {result.inspectorNotes && (
            <div className="px-3 pb-1.5">
              <StderrTail lines={result.inspectorNotes} summary="inspector notes" />
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
