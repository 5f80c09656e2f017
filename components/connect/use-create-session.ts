"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { CreateSessionBody, SessionListResponse, SessionSummary } from "@/lib/contract";
import { queryKeys } from "@/lib/queries";

/** POST /api/sessions; the new session joins the cached list at once, then the list is re-fetched. */
export function useCreateSession(onCreated: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  return useMutation<SessionSummary, Error, CreateSessionBody>({
    mutationFn: (body) => api.createSession(body),
    onSuccess: async (session) => {
      queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
        old ? { sessions: [...old.sessions.filter((s) => s.id !== session.id), session] } : old,
      );
      onCreated(session);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
        // "Save to my servers" adds it there.
        queryClient.invalidateQueries({ queryKey: queryKeys.savedServers() }),
      ]);
    },
  });
}
