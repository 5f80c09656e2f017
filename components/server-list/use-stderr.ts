"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { stderrQuery } from "@/lib/queries";

/** What a session's server wrote to stderr (bounded by the backend). */
export function useStderr(sessionId: string) {
  return useQuery(stderrQuery(api, sessionId));
}
