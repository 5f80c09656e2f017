"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { CreateSessionBody, SessionCreatedResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { adoptSession } from "./adopt-session";

/** POST /api/sessions; the new session is adopted at once (adopt-session.ts), then the list is re-fetched. */
export function useCreateSession(onCreated: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  return useMutation<SessionCreatedResponse, Error, CreateSessionBody>({
    mutationFn: (body) => api.createSession(body),
    onSuccess: async (created) => {
      onCreated(await adoptSession(queryClient, created));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
        // "Save to my servers" adds it there.
        queryClient.invalidateQueries({ queryKey: queryKeys.savedServers() }),
      ]);
    },
  });
}
