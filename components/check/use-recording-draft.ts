"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "@/lib/api/queries";
import { reduceDraft, type DraftAction } from "@/lib/check/draft";
import type { RecordingDraft } from "@/lib/check/recording-queries";

/** Edits to a draft go through the pure reducer and back into the cache (one copy of the draft). */
export function useDraftEditor(sessionId: string) {
  const queryClient = useQueryClient();
  const update = useCallback(
    (f: (draft: RecordingDraft) => RecordingDraft | null) =>
      queryClient.setQueryData<RecordingDraft | null>(queryKeys.recordingDraft(sessionId), (old) =>
        old ? f(old) : old,
      ),
    [queryClient, sessionId],
  );

  const dispatch = useCallback(
    (action: DraftAction) => update((d) => ({ ...d, check: reduceDraft(d.check, action) })),
    [update],
  );
  const patch = useCallback(
    (changes: Partial<Omit<RecordingDraft, "sessionId" | "check">>) => update((d) => ({ ...d, ...changes })),
    [update],
  );
  const setOpen = useCallback((open: boolean) => patch({ open }), [patch]);
  const clear = useCallback(() => update(() => null), [update]);

  return { dispatch, patch, setOpen, clear };
}
