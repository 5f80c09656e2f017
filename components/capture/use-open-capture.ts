"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { adoptSession } from "@/components/connect/adopt-session";
import type { SessionCreatedResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

/**
 * POST /api/captures with a file the user picked or dropped (issue 25): the capture becomes a
 * read-only session, adopted at once as a connect's is (its tree from the answer), then selected.
 */
export function useOpenCapture(onOpened: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  return useMutation<SessionCreatedResponse, Error, File>({
    mutationFn: (file) => api.openCapture(file, file.name),
    onSuccess: async (created) => {
      onOpened(await adoptSession(queryClient, created));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    },
  });
}
