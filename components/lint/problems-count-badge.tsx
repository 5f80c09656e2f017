"use client";

import { countBySeverity } from "@/lib/lint/count";
import { useProblems } from "./use-problems";

/**
 * The sidebar's count of a server's problems (errors and warnings; info is not counted), coloured
 * by the worst. Small and eager: the panel itself is loaded only when opened.
 */
export function ProblemsCountBadge({ sessionId }: { sessionId: string }) {
  const { data } = useProblems(sessionId);
  if (!data) return null;
  const counts = countBySeverity(data.problems);
  const n = counts.error + counts.warning;
  if (n === 0) return null;
  const label = `${counts.error} error${counts.error === 1 ? "" : "s"}, ${counts.warning} warning${counts.warning === 1 ? "" : "s"}`;
  return (
    <span
      title={`Problems: ${label}`}
      aria-label={`Problems: ${label}`}
      data-testid="problems-count"
      className={`inline-flex shrink-0 items-center rounded-full px-1.5 py-px text-[11px] font-medium tabular-nums ring-1 ring-inset ${
        counts.error > 0
          ? "bg-rose-50 text-rose-800 ring-rose-200"
          : "bg-amber-50 text-amber-800 ring-amber-200"
      }`}
    >
      {n} problem{n === 1 ? "" : "s"}
    </span>
  );
}
