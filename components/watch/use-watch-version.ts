"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { watchVersionQuery } from "@/lib/api/queries";

/** One kept version of a watched resource, in full; idle while `version` is undefined. */
export function useWatchVersion(sessionId: string, uri: string, version: number | undefined) {
  return useQuery({
    ...watchVersionQuery(api, sessionId, uri, version ?? 0),
    enabled: version !== undefined,
  });
}
