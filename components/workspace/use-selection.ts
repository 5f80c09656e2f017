"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

export interface Selection {
  serverId: string | null;
  uri: string | null;
}

/**
 * The selected server and resource live in the URL (`?server=…&uri=…`) so reloads and deep links
 * restore them. Writes go through the history API, which Next.js folds into its router.
 */
export function useSelection(): Selection & { select: (next: Selection) => void } {
  const params = useSearchParams();
  const serverId = params.get("server") || null;
  const uri = params.get("uri") || null;

  const select = useCallback((next: Selection) => {
    const url = new URL(window.location.href);
    url.searchParams.delete("token");
    setOrDelete(url.searchParams, "server", next.serverId);
    setOrDelete(url.searchParams, "uri", next.serverId ? next.uri : null);
    const target = `${url.pathname}${url.search}${url.hash}`;
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (target !== current) window.history.pushState(null, "", target);
  }, []);

  return { serverId, uri, select };
}

function setOrDelete(params: URLSearchParams, key: string, value: string | null): void {
  if (value) params.set(key, value);
  else params.delete(key);
}
