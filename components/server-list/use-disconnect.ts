"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

/** DELETE /api/sessions/{id}: stops the server and forgets everything cached for it. */
export function useDisconnect(onDisconnected: (sessionId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (sessionId) => api.deleteSession(sessionId),
    onSuccess: async (_data, sessionId) => {
      queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
        old ? { sessions: old.sessions.filter((s) => s.id !== sessionId) } : old,
      );
      queryClient.removeQueries({ queryKey: queryKeys.sessionScope(sessionId) });
      onDisconnected(sessionId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    },
  });
}
