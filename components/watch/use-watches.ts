"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "@/components/auth/api";
import type { WatchInfo, WatchListResponse } from "@/lib/api/contract";
import { watchesQuery } from "@/lib/api/queries";

/** The watch on `uri` (with its kept versions), or undefined when it is not watched. */
export function useWatch(sessionId: string, uri: string, enabled: boolean) {
  const select = useCallback(
    (data: WatchListResponse): WatchInfo | null => data.watches.find((w) => w.uri === uri) ?? null,
    [uri],
  );
  return useQuery({ ...watchesQuery(api, sessionId), enabled, select });
}
