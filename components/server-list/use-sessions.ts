"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { useStreamLive } from "@/components/events/stream-status-context";
import { sessionsQuery } from "@/lib/api/queries";

/**
 * Every server session the backend holds. The event stream keeps it current; polling (faster
 * while one is still connecting) is only the fallback while the stream is down.
 */
export function useSessions() {
  const live = useStreamLive();
  const query = sessionsQuery(api);
  return useQuery(live ? { ...query, refetchInterval: false } : query);
}
