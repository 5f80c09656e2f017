"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { DraftBar } from "./draft-bar";
import { RecordingPanel } from "./recording-panel";
import { ReviewDialog } from "./review-dialog";
import { useRecording } from "./use-recording";
import { useRecordingActions } from "./use-recording-actions";
import { useDraftEditor } from "./use-recording-draft";

/** One server's recording in the dock: the live steps, then its review (or a bar to reopen it). */
export function SessionRecorder({ session }: { session: SessionSummary }) {
  const { recording, draft } = useRecording(session.id, session.status === "connected");
  const { stop, discard } = useRecordingActions(session.id);
  const { setOpen, clear } = useDraftEditor(session.id);
  const info = recording.data ?? null;

  if (info) {
    const error = stop.error ?? discard.error;
    return (
      <RecordingPanel
        serverName={session.name}
        recording={info}
        stopping={stop.isPending || discard.isPending}
        error={error ? error.message : null}
        onStop={() => stop.mutate({ name: session.name })}
        onDiscard={() => discard.mutate()}
      />
    );
  }
  if (!draft) return null;
  return draft.open ? (
    <ReviewDialog draft={draft} serverName={session.name} />
  ) : (
    <DraftBar
      checkName={draft.check.name}
      serverName={session.name}
      steps={draft.check.steps.length}
      onReview={() => setOpen(true)}
      onDiscard={clear}
    />
  );
}
