"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { liveMarksQuery, queryKeys } from "@/lib/api/queries";
import { emptyMarks, markSeen, type LiveMarks } from "@/lib/api/live-marks";

/**
 * A slice of one session's live marks (lib/api/live-marks.ts). `select` keeps re-renders to the rows
 * whose slice changed; it must be stable or cheap (it runs on every marks change).
 */
export function useLiveMarks<T>(sessionId: string, select: (marks: LiveMarks) => T): T {
  const { data } = useQuery({ ...liveMarksQuery(sessionId), select });
  return data ?? select(EMPTY);
}

const EMPTY = emptyMarks();

/** Records that the user has `uri` open now, which clears its "updated" dot in the tree. */
export function useMarkSeen(sessionId: string): (uri: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (uri: string) => {
      queryClient.setQueryData<LiveMarks>(queryKeys.liveMarks(sessionId), (old) =>
        old ? markSeen(old, uri, Date.now()) : old,
      );
    },
    [queryClient, sessionId],
  );
}
