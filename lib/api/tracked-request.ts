/**
 * The page's side of progress and cancel (lib/api/progress.ts): a request sent through `sendTracked`
 * gets a fresh id, and while it runs the cache holds, under client-only keys, which request is in
 * flight for its slot (a read of one URI, the resource list, a tool) and what its progress events
 * said. Views read those keys; the event table (lib/api/event-effects.ts) writes the progress.
 */
import type { QueryClient } from "@tanstack/react-query";
import { newRequestId } from "./progress";
import { queryKeys } from "./query-keys";

export interface InFlightEntry {
  requestId: string;
  /** This tab's clock when the request was sent. */
  startedAt: number;
}

/** What a request is for: one request in flight per slot is shown (a newer one replaces it). */
export const slots = {
  read: (uri: string) => `read:${uri}`,
  resources: "resources",
  templates: "templates",
  tool: (name: string) => `tool:${name}`,
  content: (uri: string, index: number) => `content:${index}:${uri}`,
  capture: "capture",
} as const;

export async function sendTracked<T>(
  client: QueryClient,
  sessionId: string,
  slot: string,
  send: (requestId: string) => Promise<T>,
): Promise<T> {
  const entry: InFlightEntry = { requestId: newRequestId(), startedAt: Date.now() };
  const progressKey = queryKeys.requestProgress(sessionId, entry.requestId);
  const slotKey = queryKeys.inFlight(sessionId, slot);
  client.setQueryData(progressKey, {});
  client.setQueryData(slotKey, entry);
  try {
    return await send(entry.requestId);
  } finally {
    client.removeQueries({ queryKey: progressKey, exact: true });
    // A newer request for the same slot may have taken it over.
    if (client.getQueryData(slotKey) === entry) client.setQueryData(slotKey, null);
  }
}
