"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import type { SessionListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

export interface Selection {
  serverId: string | null;
  uri: string | null;
}

/**
 * The selected server and resource live in the URL (`?server=…&uri=…`) so reloads and deep links
 * restore them. Writes go through the history API, which Next.js folds into its router. A server
 * is written by its name (unique among sessions), so a link still means it after a restart, when
 * a saved server of that name can be connected again; `serverId` is that name or, from an older
 * link, a session id — the workspace resolves both.
 */
export function useSelection(): Selection & { select: (next: Selection) => void } {
  const params = useSearchParams();
  const serverId = params.get("server") || null;
  const uri = params.get("uri") || null;

  const queryClient = useQueryClient();
  const select = useCallback(
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
      if (target !== current) window.history.pushState(null, "", target);
    },
    [queryClient],
  );

  return { serverId, uri, select };
}

function setOrDelete(params: URLSearchParams, key: string, value: string | null): void {
  if (value) params.set(key, value);
  else params.delete(key);
}
