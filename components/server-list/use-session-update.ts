"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { SessionListResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

/**
 * A request whose answer is the server's new summary (reconnect, sign out): the summary replaces
 * that server's entry in the session list at once, then what `stale` names is fetched again.
 */
export function useSessionUpdate(
  request: (sessionId: string) => Promise<SessionSummary>,
  stale: (sessionId: string) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation<SessionSummary, Error, string>({
    mutationFn: request,
    onSuccess: async (summary) => {
      queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
        old ? { sessions: old.sessions.map((s) => (s.id === summary.id ? summary : s)) } : old,
      );
      await queryClient.invalidateQueries({ queryKey: stale(summary.id) });
    },
  });
}
