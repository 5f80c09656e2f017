"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { queryKeys } from "@/lib/api/queries";
import { DEFAULT_CHECK_FOLDER } from "@/lib/check/format";
import type { RecordingDraft } from "@/lib/check/recording-queries";
import type { RecordingInfo } from "@/lib/check/results";

/**
 * The backend drafts once no second look is running. Reads that keep coming (a watched resource
 * open in the viewer is re-read on every update, and each read is a step) keep one running.
 */
const STOP_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_HINT =
  "Still looking again at new reads: a watched resource open in the viewer is re-read on every update. " +
  "Select another resource (or unwatch), then stop again.";

/** Start, stop (→ a draft to review) and discard a session's recording. */
export function useRecordingActions(sessionId: string) {
  const queryClient = useQueryClient();
  const setRecording = (info: RecordingInfo | null) =>
    queryClient.setQueryData<RecordingInfo | null>(queryKeys.recording(sessionId), info);

  const start = useMutation<RecordingInfo, Error, void>({
    mutationFn: () => api.startRecording(sessionId),
    onSuccess: (info) => {
      queryClient.setQueryData<RecordingDraft | null>(queryKeys.recordingDraft(sessionId), null);
      setRecording(info);
    },
  });

  /**
   * Stop: draft the check (the backend waits for every second look), then end the recording on
   * the server so nothing done during the review becomes a step. The draft opens for review.
   */
  const stop = useMutation<void, Error, { name: string }>({
    mutationFn: async ({ name }) => {
      let drafted;
      try {
        drafted = await api.draftCheck(sessionId, name, { signal: AbortSignal.timeout(STOP_TIMEOUT_MS) });
      } catch (error) {
        if (error instanceof DOMException && error.name === "TimeoutError")
          throw new Error(STOP_TIMEOUT_HINT);
        throw error;
      }
      const { check, recording } = drafted;
      const volatile = Object.fromEntries(recording.steps.map((r) => [r.step.id, r.volatile]));
      const draft: RecordingDraft = { sessionId, check, volatile, open: true, folder: DEFAULT_CHECK_FOLDER };
      queryClient.setQueryData<RecordingDraft | null>(queryKeys.recordingDraft(sessionId), draft);
      await api.discardRecording(sessionId);
      setRecording(null);
    },
  });

  const discard = useMutation<void, Error, void>({
    mutationFn: () => api.discardRecording(sessionId),
    onSuccess: () => setRecording(null),
  });

  return { start, stop, discard };
}
