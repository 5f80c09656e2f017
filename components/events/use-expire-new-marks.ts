"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { expireAdded, nextAddedExpiry, type LiveMarks } from "@/lib/api/live-marks";
import { queryKeys } from "@/lib/api/queries";
import { useLiveMarks } from "./use-live-marks";

/** Drops each "new" mark when its few seconds are up, so rows render from the marks alone. */
export function useExpireNewMarks(sessionId: string): void {
  const queryClient = useQueryClient();
  const expiry = useLiveMarks(sessionId, nextAddedExpiry);
  useEffect(() => {
    if (expiry === undefined) return;
    const timer = setTimeout(
      () => {
        queryClient.setQueryData<LiveMarks>(queryKeys.liveMarks(sessionId), (old) =>
          old ? expireAdded(old, Date.now()) : old,
        );
      },
      Math.max(0, expiry - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiry, queryClient, sessionId]);
}
