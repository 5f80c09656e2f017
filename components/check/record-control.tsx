"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { RecordButtons } from "./record-buttons";
import { useRecording } from "./use-recording";
import { useRecordingActions } from "./use-recording-actions";
import { useDraftEditor } from "./use-recording-draft";

/** The "Record" control of one server in the server list. */
export function RecordControl({ session }: { session: SessionSummary }) {
  const connected = session.status === "connected";
  const { recording, draft } = useRecording(session.id, connected);
  const { start, stop } = useRecordingActions(session.id);
  const { setOpen } = useDraftEditor(session.id);
  const info = recording.data ?? null;
  if (!connected && !info && !draft) return null;
  const error = start.error ?? stop.error;
  return (
    <RecordButtons
      recording={info}
      hasDraft={draft !== null}
      busy={start.isPending || stop.isPending}
      error={error ? error.message : null}
      onRecord={() => start.mutate()}
      onStop={() => stop.mutate({ name: session.name })}
      onReview={() => setOpen(true)}
    />
  );
}
