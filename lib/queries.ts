/**
 * Query keys and queryOptions factories: the only place TanStack Query keys are spelled.
 * Keys nest so that invalidating a prefix reaches everything below it:
 *   sessionScope(id) ⊃ resources(id), templates(id), stderr(id), read(id, uri) ⊃ content(id, uri, n)
 */
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import type { SessionListResponse } from "./contract";

/** While a server is starting, poll quickly so "connected" shows up promptly. */
export const SESSION_POLL_CONNECTING_MS = 1_500;
/** Otherwise poll slowly, only to notice servers that died. */
export const SESSION_POLL_IDLE_MS = 3_000;

const root = ["inspector"] as const;

export const queryKeys = {
  all: () => root,
  presets: () => [...root, "presets"] as const,
  sessions: () => [...root, "sessions"] as const,
  /** Prefix of every query that belongs to one session. */
  sessionScope: (sessionId: string) => [...root, "session", sessionId] as const,
  resources: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "resources"] as const,
  templates: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "templates"] as const,
  stderr: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "stderr"] as const,
  read: (sessionId: string, uri: string) => [...queryKeys.sessionScope(sessionId), "read", uri] as const,
  content: (sessionId: string, uri: string, index: number) =>
    [...queryKeys.read(sessionId, uri), "content", index] as const,
};

export function sessionPollInterval(data: SessionListResponse | undefined): number {
  return data?.sessions.some((s) => s.status === "connecting")
    ? SESSION_POLL_CONNECTING_MS
    : SESSION_POLL_IDLE_MS;
}

export const presetsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.presets(),
    queryFn: ({ signal }) => api.listPresets({ signal }),
    staleTime: Infinity,
  });

export const sessionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.sessions(),
    queryFn: ({ signal }) => api.listSessions({ signal }),
    refetchInterval: (query) => sessionPollInterval(query.state.data),
  });

export const resourcesQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.resources(sessionId),
    queryFn: ({ signal }) => api.listResources(sessionId, { signal }),
  });

export const templatesQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.templates(sessionId),
    queryFn: ({ signal }) => api.listTemplates(sessionId, { signal }),
  });

export const stderrQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.stderr(sessionId),
    queryFn: ({ signal }) => api.getStderr(sessionId, { signal }),
  });

export const readQuery = (api: ApiClient, sessionId: string, uri: string) =>
  queryOptions({
    queryKey: queryKeys.read(sessionId, uri),
    queryFn: ({ signal }) => api.readResource(sessionId, uri, { signal }),
    // A read can be expensive for the server; re-read on demand rather than on every focus.
    staleTime: 30_000,
  });

export const contentQuery = (api: ApiClient, sessionId: string, uri: string, index: number) =>
  queryOptions({
    queryKey: queryKeys.content(sessionId, uri, index),
    queryFn: ({ signal }) => api.fetchContent(sessionId, uri, index, { signal }),
    staleTime: 30_000,
    // Blobs can be large: do not keep them around after the viewer lets go.
    gcTime: 15_000,
  });
