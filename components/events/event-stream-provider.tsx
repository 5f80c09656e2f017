"use client";

import type { ReactNode } from "react";
import { StreamStatusContext } from "./stream-status-context";
import { useEventStream } from "./use-event-stream";

/** Keeps the tab's event stream open while mounted and tells descendants whether it is live. */
export function EventStreamProvider({ children }: { children: ReactNode }) {
  const status = useEventStream();
  return <StreamStatusContext value={status}>{children}</StreamStatusContext>;
}
