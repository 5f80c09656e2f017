"use client";

import { formatElapsed } from "@/lib/check/format";
import { useNow } from "./use-now";

export interface RecordingIndicatorProps {
  /** Epoch ms the recording started. */
  startedAt: number;
  steps: number;
}

/** The red "recording" mark: a pulsing dot, elapsed time and how many steps so far. */
export function RecordingIndicator({ startedAt, steps }: RecordingIndicatorProps) {
  const now = useNow();
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 text-[11px] font-medium text-rose-700 tabular-nums"
      title="Recording: what you do with this server becomes check steps"
    >
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-rose-600" />
      <span>REC</span>
      <span>{formatElapsed(now - startedAt)}</span>
      <span className="text-rose-400">·</span>
      <span>
        {steps} {steps === 1 ? "step" : "steps"}
      </span>
    </span>
  );
}
