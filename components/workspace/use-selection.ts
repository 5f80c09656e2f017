"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { SessionListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

export interface Selection {
  serverId: string | null;
  uri: string | null;
}

/**
 * The selected server and resource live in the URL (`?server=…&uri=…`) so reloads and deep links
 * restore them. A server is written by its name (unique among sessions), so a link still means it
 * after a restart, when a saved server of that name can be connected again; `serverId` is that
 * name or, from an older link, a session id — the workspace resolves both.
 *
 * Read from `location` through a small store, not `useSearchParams()`: Next folds a history write
 * into a router transition that re-renders every reader of the search params at transition
 * priority, and a click waited ~25 ms on it before the viewer even showed its spinner (issue 34:
 * click → markdown shown). The store re-renders its readers at the click's own priority; writes
 * still go through `history.pushState`, so Next's router and its back/forward handling stay in step.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("popstate", notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", notify);
  };
}

const param = (key: string) => () => new URLSearchParams(window.location.search).get(key) || null;
const serverParam = param("server");
const uriParam = param("uri");
const none = () => null;

/** The selection as the address says now (event handlers read it without subscribing). */
export function currentSelection(): Selection {
  return { serverId: serverParam(), uri: uriParam() };
}

/** The `server` parameter: components that show only the server re-render only when it changes. */
export function useSelectedServerId(): string | null {
  return useSyncExternalStore(subscribe, serverParam, none);
}

export function useSelectedUri(): string | null {
  return useSyncExternalStore(subscribe, uriParam, none);
}

/** Writes a selection into the address (a new history entry); does not subscribe to it. */
export function useSelect(): (next: Selection) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (next: Selection) => {
      // By name once connected: a server's name is settled at its first initialize (its own title).
      const sessions = queryClient.getQueryData<SessionListResponse>(queryKeys.sessions())?.sessions;
      const connected = sessions?.find((s) => s.id === next.serverId && s.status === "connected");
      const server = next.serverId ? (connected?.name ?? next.serverId) : null;
      const url = new URL(window.location.href);
      url.searchParams.delete("token");
      setOrDelete(url.searchParams, "server", server);
      setOrDelete(url.searchParams, "uri", next.serverId ? next.uri : null);
      const target = `${url.pathname}${url.search}${url.hash}`;
      const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      if (target === current) return;
      window.history.pushState(null, "", target);
      notify();
    },
    [queryClient],
  );
}

export function useSelection(): Selection & { select: (next: Selection) => void } {
  return { serverId: useSelectedServerId(), uri: useSelectedUri(), select: useSelect() };
}

function setOrDelete(params: URLSearchParams, key: string, value: string | null): void {
  if (value) params.set(key, value);
  else params.delete(key);
}
