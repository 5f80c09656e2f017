"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionCreatedResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys, savedServersQuery } from "@/lib/api/queries";
import { adoptSession } from "./adopt-session";

/** The saved servers, and reconnecting (one click) or removing one by name. */
export function useSavedServers(onConnected: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  const list = useQuery(savedServersQuery(api));
  const connect = useMutation<SessionCreatedResponse, Error, string>({
    mutationFn: (name) => api.connectSavedServer(name),
    onSuccess: async (created) => {
      onConnected(await adoptSession(queryClient, created));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    },
  });
  const remove = useMutation<void, Error, string>({
    mutationFn: (name) => api.removeSavedServer(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedServers() }),
  });
  return { list, connect, remove };
}
