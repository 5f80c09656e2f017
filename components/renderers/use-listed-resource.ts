"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "@/components/auth/api";
import type { ResourceListResponse } from "@/lib/contract";
import { resourcesQuery } from "@/lib/queries";

/** What resources/list said about `uri` (from the tree's cached listing; no second request). */
export function useListedResource(sessionId: string, uri: string) {
  const select = useCallback(
    (data: ResourceListResponse) => data.resources.find((r) => r.uri === uri),
    [uri],
  );
  return useQuery({ ...resourcesQuery(api, sessionId), select }).data;
}
