"use client";

import { api } from "@/components/auth/api";
import { queryKeys } from "@/lib/api/queries";
import { useSessionUpdate } from "./use-session-update";

/** POST /api/sessions/{id}/reconnect: start a disconnected server again with the same launch. */
export function useReconnect() {
  // Whatever was shown for it failed while it was down.
  return useSessionUpdate((sessionId) => api.reconnectSession(sessionId), queryKeys.sessionScope);
}
