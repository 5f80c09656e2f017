"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { resourcesQuery } from "@/lib/api/queries";

/** Every page of resources/list for a session; only while it is connected and offers resources. */
export function useResources(sessionId: string, enabled: boolean) {
  return useQuery({ ...resourcesQuery(api, sessionId), enabled });
}
