"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { readQuery } from "@/lib/api/queries";

/** resources/read for one URI of one session. */
export function useReadResource(sessionId: string, uri: string, enabled: boolean) {
  return useQuery({ ...readQuery(api, sessionId, uri), enabled });
}
