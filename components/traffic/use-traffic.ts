"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { trafficQuery } from "@/lib/api/queries";

/** The session's JSON-RPC traffic: the backend's snapshot, extended live by the event stream. */
export function useTraffic(sessionId: string) {
  return useQuery(trafficQuery(api, sessionId));
}
