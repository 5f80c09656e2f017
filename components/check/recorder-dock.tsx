"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { SessionRecorder } from "./session-recorder";

/** Below the three columns: each recording server's live steps, and its review once stopped. */
export function RecorderDock({ sessions }: { sessions: readonly SessionSummary[] | undefined }) {
  return (
    <div className="flex max-h-[40vh] shrink-0 flex-col empty:hidden">
      {sessions?.map((session) => (
        <SessionRecorder key={session.id} session={session} />
      ))}
    </div>
  );
}
