"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionListResponse, SessionSummary } from "@/lib/contract";
import { queryKeys, savedServersQuery } from "@/lib/queries";

/** The saved servers, and reconnecting (one click) or removing one by name. */
export function useSavedServers(onConnected: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  const list = useQuery(savedServersQuery(api));
  const connect = useMutation<SessionSummary, Error, string>({
    mutationFn: (name) => api.connectSavedServer(name),
    onSuccess: async (session) => {
      // In the cached list at once, so the selection can name it (as useCreateSession does).
      queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
        old ? { sessions: [...old.sessions.filter((s) => s.id !== session.id), session] } : old,
      );
      onConnected(session);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    },
  });
  const remove = useMutation<void, Error, string>({
    mutationFn: (name) => api.removeSavedServer(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedServers() }),
  });
  return { list, connect, remove };
}
