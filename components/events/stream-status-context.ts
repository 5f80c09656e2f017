"use client";

import { createContext, useContext } from "react";
import type { StreamStatus } from "@/lib/api/event-stream-client";

/** null outside an EventStreamProvider (then nothing is live and queries poll as before). */
export const StreamStatusContext = createContext<StreamStatus | null>(null);

export function useStreamStatus(): StreamStatus | null {
  return useContext(StreamStatusContext);
}

/** True while the event stream delivers: session polling can rest. */
export function useStreamLive(): boolean {
  return useStreamStatus() === "live";
}
