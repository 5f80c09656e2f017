"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionListResponse, SessionSummary } from "@/lib/contract";
import { queryKeys } from "@/lib/queries";

/** POST /api/sessions/{id}/reconnect: start a disconnected server again with the same launch. */
export function useReconnect() {
  const queryClient = useQueryClient();
  return useMutation<SessionSummary, Error, string>({
    mutationFn: (sessionId) => api.reconnectSession(sessionId),
    onSuccess: async (summary) => {
      queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
        old ? { sessions: old.sessions.map((s) => (s.id === summary.id ? summary : s)) } : old,
      );
      // Whatever was shown for it failed while it was down.
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessionScope(summary.id) });
    },
  });
}
