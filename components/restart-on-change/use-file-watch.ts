"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { FileWatchStatus, SessionListResponse, WatchFilesBody } from "@/lib/api/contract";
import { fileWatchQuery, queryKeys } from "@/lib/api/queries";

/** The path the control proposes (the server script's folder, or its working directory). */
export function useFileWatchSuggestion(sessionId: string) {
  return useQuery(fileWatchQuery(api, sessionId));
}

/** The answer is in the summary a `session` event brings too; set it now rather than a frame later. */
function patchSummary(queryClient: QueryClient, sessionId: string, fileWatch: FileWatchStatus | undefined) {
  queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
    old
      ? {
          sessions: old.sessions.map((s) => {
            if (s.id !== sessionId) return s;
            const { fileWatch: _previous, ...rest } = s;
            return fileWatch ? { ...rest, fileWatch } : rest;
          }),
        }
      : old,
  );
}

/** PUT …/watch-files: restart the server when files under `path` change (after `build`, if any). */
export function useStartFileWatch(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation<FileWatchStatus, Error, WatchFilesBody>({
    mutationFn: (body) => api.startFileWatch(sessionId, body),
    onSuccess: (status) => patchSummary(queryClient, sessionId, status),
  });
}

/** DELETE …/watch-files: stop watching (a build in flight is killed). */
export function useStopFileWatch(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: () => api.stopFileWatch(sessionId),
    onSuccess: () => patchSummary(queryClient, sessionId, undefined),
  });
}

/** PATCH …/watch-files: "compare with the last build" on or off. */
export function useCompareLastBuild(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation<FileWatchStatus, Error, boolean>({
    mutationFn: (on) => api.setCompareLastBuild(sessionId, on),
    onSuccess: (status) => {
      patchSummary(queryClient, sessionId, status);
      // Off forgets the kept comparison; on has none yet.
      void queryClient.invalidateQueries({ queryKey: queryKeys.lastBuildDiff(sessionId) });
    },
  });
}
