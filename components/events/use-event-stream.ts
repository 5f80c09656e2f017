"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { readToken, rejectToken } from "@/components/auth/api-token";
import { EventStreamClient, type StreamStatus } from "@/lib/api/event-stream-client";
import { CacheApplier } from "./cache-applier";

/**
 * Opens this tab's one event stream and turns its events into cache updates (batched per frame).
 * Mount it once, under the auth gate (EventStreamProvider): a new token remounts it.
 */
export function useEventStream(): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    const applier = new CacheApplier(queryClient);
    const client = new EventStreamClient({
      getToken: readToken,
      onEvent: (event) => applier.push(event),
      onStatus: setStatus,
      onUnauthorized: rejectToken,
    });
    client.start();
    return () => {
      client.stop();
      applier.dispose();
    };
  }, [queryClient]);

  return status;
}
