"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { adoptSession } from "@/components/connect/adopt-session";
import { useStreamLive } from "@/components/events/stream-status-context";
import type { SessionSummary } from "@/lib/api/contract";
import { queryKeys, startupFailuresQuery } from "@/lib/api/queries";

/**
 * The servers named on the command line that did not start (GET /api/startup; the
 * `startup-failures` event refetches it, polling only while the stream is down), with Retry —
 * which makes the card the session — and Dismiss.
 */
export function useStartupFailures(onConnected: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  const live = useStreamLive();
  const failures = useQuery({ ...startupFailuresQuery(api), refetchInterval: live ? false : 5_000 });
  const refetch = () => queryClient.invalidateQueries({ queryKey: queryKeys.startupFailures() });
  const retry = useMutation<SessionSummary, Error, string>({
    mutationFn: async (id) => adoptSession(queryClient, await api.retryStartup(id)),
    onSuccess: (session) => onConnected(session),
    onSettled: refetch,
  });
  const dismiss = useMutation<void, Error, string>({
    mutationFn: (id) => api.dismissStartup(id),
    onSettled: refetch,
  });
  return { failures, retry, dismiss };
}
