"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * "Server name in the host's config", per session: what the host lens puts in front of URIs. Page
 * state only (never sent anywhere): the viewer's Hosts tab and the server panel's share it, so a
 * rename in one shows in the other. Bounded by the sessions a page sees.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setHostServerName(sessionId: string, name: string | null): void {
  if (name === null) names.delete(sessionId);
  else names.set(sessionId, name);
  for (const listener of listeners) listener();
}

/**
 * The name a host's config would give this server when nobody chose one: the config's key when it
 * came from a config (`hostName`), else the server's own `serverInfo.name` (what the `hosts`
 * command uses too), else the inspector's label.
 */
export function defaultHostServerName(session: {
  name: string;
  hostName?: string;
  serverInfo: { name?: string } | null;
}): string {
  return session.hostName ?? (session.serverInfo?.name || session.name);
}

/** The name hosts know the server by: the user's, else defaultHostServerName's. */
export function useHostServerName(
  sessionId: string,
  sessionName: string,
): [name: string, setName: (name: string) => void, reset: () => void] {
  const chosen = useSyncExternalStore(
    subscribe,
    () => names.get(sessionId),
    () => undefined,
  );
  const setName = useCallback((name: string) => setHostServerName(sessionId, name), [sessionId]);
  const reset = useCallback(() => setHostServerName(sessionId, null), [sessionId]);
  return [chosen ?? sessionName, setName, reset];
}
