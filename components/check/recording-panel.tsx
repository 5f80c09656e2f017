"use client";

import { useEffect, useRef } from "react";
import { pendingStepIds } from "@/lib/check/format";
import type { RecordingInfo } from "@/lib/check/results";
import { RecordedStepRow } from "./recorded-step-row";
import { RecordingIndicator } from "./recording-indicator";
import { Button } from "@/components/ui/button";

export interface RecordingPanelProps {
  serverName: string;
  recording: RecordingInfo;
  stopping: boolean;
  error: string | null;
  onStop: () => void;
  onDiscard: () => void;
}

/** The steps of a running recording, newest last, as the backend records them. */
export function RecordingPanel({
  serverName,
  recording,
  stopping,
  error,
  onStop,
  onDiscard,
}: RecordingPanelProps) {
  const pending = pendingStepIds(recording);
  const listRef = useRef<HTMLOListElement>(null);
  const count = recording.steps.length;
  useEffect(() => {
    // Follow the newest step, like a log.
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <section
      aria-label="Recording"
      className="flex max-h-[32vh] min-h-0 flex-col border-t-2 border-rose-500 bg-white"
    >
      <div className="flex h-8 shrink-0 items-center gap-3 border-b border-zinc-200 bg-rose-50/60 px-3">
        <h2 className="text-[11px] font-semibold tracking-wider text-rose-800 uppercase">Recording</h2>
        <span className="min-w-0 truncate text-xs text-zinc-700">{serverName}</span>
        <RecordingIndicator startedAt={recording.startedAt} steps={count} />
        {recording.pending > 0 && (
          <span className="text-[11px] text-zinc-500">
            {recording.pending} second {recording.pending === 1 ? "look" : "looks"} running
          </span>
        )}
        <span className="ml-auto flex items-center gap-2">
          {error && (
            <span role="alert" className="text-[11px] text-rose-700">
              {error}
            </span>
          )}
          <Button variant="tool" size="xs" onClick={onDiscard} disabled={stopping}>
            Discard recording
          </Button>
          <button
            type="button"
            onClick={onStop}
            disabled={stopping}
            className="rounded border border-rose-300 bg-rose-600 px-1.5 py-0.5 text-[11px] font-medium text-white hover:bg-rose-700 disabled:opacity-50"
          >
            {stopping ? "Waiting for second looks…" : "Stop and review"}
          </button>
        </span>
      </div>
      <ol
        ref={listRef}
        aria-label="Recorded steps"
        className="scrollbar-thin min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto py-0.5"
      >
        {recording.steps.map((r) => (
          <RecordedStepRow key={r.step.id} recorded={r} pending={pending.has(r.step.id)} />
        ))}
      </ol>
    </section>
  );
}
