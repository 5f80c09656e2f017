"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { stderrQuery } from "@/lib/api/queries";

/** What a session's server wrote to stderr (bounded by the backend); a server behind a URL has none. */
export function useStderr(sessionId: string, enabled = true) {
  return useQuery({ ...stderrQuery(api, sessionId), enabled });
}
