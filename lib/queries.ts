/**
 * Query keys and queryOptions factories: the only place TanStack Query keys are spelled.
 * Keys nest so that invalidating a prefix reaches everything below it:
 *   sessionScope(id) ⊃ resources(id), templates(id), stderr(id), read(id, uri) ⊃ content(id, uri, n), frame(id, …)
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import type { CompleteBody, FrameBody, SessionListResponse } from "./contract";
import { emptyMarks, type LiveMarks } from "./live-marks";
import { mergeTrafficSnapshot, type HeldTraffic } from "./traffic-buffer";
import { formatBytesOf, type RequestProgress } from "./progress";
import { sendTracked, slots, type InFlightEntry } from "./tracked-request";

/** While a server is starting, poll quickly so "connected" shows up promptly. */
export const SESSION_POLL_CONNECTING_MS = 1_500;
/** Otherwise poll slowly, only to notice servers that died. */
export const SESSION_POLL_IDLE_MS = 3_000;

const root = ["inspector"] as const;

export const queryKeys = {
  all: () => root,
  presets: () => [...root, "presets"] as const,
  sessions: () => [...root, "sessions"] as const,
  savedServers: () => [...root, "saved-servers"] as const,
  /** Prefix of every query that belongs to one session. */
  sessionScope: (sessionId: string) => [...root, "session", sessionId] as const,
  resources: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "resources"] as const,
  templates: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "templates"] as const,
  stderr: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "stderr"] as const,
  read: (sessionId: string, uri: string) => [...queryKeys.sessionScope(sessionId), "read", uri] as const,
  content: (sessionId: string, uri: string, index: number) =>
    [...queryKeys.read(sessionId, uri), "content", index] as const,
  /** Under the read: a live update of the resource makes a new frame document. */
  frame: (sessionId: string, body: FrameBody) =>
    [
      ...queryKeys.read(sessionId, body.uri),
      "frame",
      body.index ?? 0,
      body.kind,
      body.scripts ?? false,
    ] as const,
  /** Template argument completion: one answer per template, argument, typed value and context. */
  completion: (sessionId: string, body: CompleteBody) =>
    [...queryKeys.sessionScope(sessionId), "completion", body] as const,
  /** Watch mode's suggested path (its status travels in the session summary). */
  fileWatch: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "file-watch"] as const,
  /** Every watch of a session with its kept versions' digests. */
  watches: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "watches"] as const,
  /** One kept version of a watched resource, in full (immutable; apart from `read` on purpose). */
  watchVersion: (sessionId: string, uri: string, version: number) =>
    [...queryKeys.sessionScope(sessionId), "watch-version", uri, version] as const,
  /** JSON-RPC traffic held by this tab (snapshot + stream appends). */
  traffic: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "traffic"] as const,
  tools: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "tools"] as const,
  /** A remote server's OAuth state and steps (components/auth/). */
  auth: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "auth"] as const,
  /** Client-only: the request this tab has in flight for one purpose (lib/tracked-request.ts). */
  inFlight: (sessionId: string, slot: string) =>
    [...queryKeys.sessionScope(sessionId), "in-flight", slot] as const,
  /** Client-only: what the progress events said of one request this tab sent. */
  requestProgress: (sessionId: string, requestId: string) =>
    [...queryKeys.sessionScope(sessionId), "progress", requestId] as const,
  /** Client-only: marks derived from live events (lib/live-marks.ts). */
  liveMarks: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "live-marks"] as const,
  /** The session's recording; null while it is not recording (lib/recorder/queries.ts). */
  recording: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "recording"] as const,
  /** Client-only: the check drafted from a stopped recording, while the user reviews it. */
  recordingDraft: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "recording-draft"] as const,
  /** The check files saved in one folder. */
  checks: (folder: string) => [...root, "checks", folder] as const,
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

/** Servers kept across restarts; changed only by this page (connect from a config, remove). */
export const savedServersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.savedServers(),
    queryFn: ({ signal }) => api.listSavedServers({ signal }),
  });

/** The app's default freshness (app/providers.tsx), for results without a server cache hint. */
const DEFAULT_STALE_MS = 5_000;

/**
 * A 2026-07-28 result says how long it stays fresh (`ttlMs`, 0 = at once): the inspector's own
 * refresh honours it; a result without one keeps `fallback`. Live events still invalidate.
 */
export function hintedStaleTime(fallback: number) {
  return (query: { state: { data?: { ttlMs?: number } | undefined } }) => {
    const ttl = query.state.data?.ttlMs;
    return typeof ttl === "number" && ttl >= 0 ? ttl : fallback;
  };
}

export const resourcesQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.resources(sessionId),
    queryFn: ({ signal, client }) =>
      sendTracked(client, sessionId, slots.resources, (requestId) =>
        api.listResources(sessionId, { signal, requestId }),
      ),
    staleTime: hintedStaleTime(DEFAULT_STALE_MS),
  });

export const templatesQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.templates(sessionId),
    queryFn: ({ signal, client }) =>
      sendTracked(client, sessionId, slots.templates, (requestId) =>
        api.listTemplates(sessionId, { signal, requestId }),
      ),
    staleTime: hintedStaleTime(DEFAULT_STALE_MS),
  });

export const stderrQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.stderr(sessionId),
    queryFn: ({ signal }) => api.getStderr(sessionId, { signal }),
  });

export const readQuery = (api: ApiClient, sessionId: string, uri: string) =>
  queryOptions({
    queryKey: queryKeys.read(sessionId, uri),
    queryFn: ({ signal, client }) =>
      sendTracked(client, sessionId, slots.read(uri), (requestId) =>
        api.readResource(sessionId, uri, { signal, requestId }),
      ),
    // A read can be expensive for the server; re-read on demand rather than on every focus
    // (or as soon as its own ttlMs says, on 2026-07-28).
    staleTime: hintedStaleTime(30_000),
  });

export const completionQuery = (api: ApiClient, sessionId: string, body: CompleteBody) =>
  queryOptions({
    queryKey: queryKeys.completion(sessionId, body),
    queryFn: ({ signal }) => api.complete(sessionId, body, { signal }),
    // Completions are cheap hints: keep them briefly, never retry a refusal (409: no capability).
    staleTime: 30_000,
    retry: false,
  });

export const contentQuery = (api: ApiClient, sessionId: string, uri: string, index: number) =>
  queryOptions({
    queryKey: queryKeys.content(sessionId, uri, index),
    queryFn: ({ signal, client }) =>
      sendTracked(client, sessionId, slots.content(uri, index), (requestId) =>
        api.fetchContent(sessionId, uri, index, {
          signal,
          requestId,
          onBytes: (received, total) =>
            client.setQueryData<RequestProgress>(queryKeys.requestProgress(sessionId, requestId), (old) =>
              old ? { progress: received, total, message: formatBytesOf(received, total), ours: true } : old,
            ),
        }),
      ),
    staleTime: 30_000,
    // Blobs can be large: do not keep them around after the viewer lets go.
    gcTime: 15_000,
  });

export const frameQuery = (api: ApiClient, sessionId: string, body: FrameBody) =>
  queryOptions({
    queryKey: queryKeys.frame(sessionId, body),
    queryFn: ({ signal }) => api.createFrame(sessionId, body, { signal }),
    // The server keeps a frame document ten minutes; a remount asks for a fresh one.
    staleTime: 5 * 60_000,
    gcTime: 0,
  });

export const fileWatchQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.fileWatch(sessionId),
    queryFn: ({ signal }) => api.getFileWatch(sessionId, { signal }),
    // Only the suggestion is read from it; the live status comes with every session event.
    staleTime: Infinity,
  });

export const watchesQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.watches(sessionId),
    queryFn: ({ signal }) => api.listWatches(sessionId, { signal }),
  });

export const watchVersionQuery = (api: ApiClient, sessionId: string, uri: string, version: number) =>
  queryOptions({
    queryKey: queryKeys.watchVersion(sessionId, uri, version),
    queryFn: ({ signal }) => api.getWatchVersion(sessionId, uri, version, { signal }),
    // A version never changes once recorded.
    staleTime: Infinity,
    gcTime: 60_000,
  });

export const trafficQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.traffic(sessionId),
    queryFn: async ({ signal, client, queryKey }): Promise<HeldTraffic> => {
      const snapshot = await api.getTraffic(sessionId, { signal });
      // Read what is held only now: the stream may have appended while the fetch was in flight.
      return mergeTrafficSnapshot(client.getQueryData<HeldTraffic>(queryKey), snapshot);
    },
    // The stream keeps it current; refetch only on demand (a message no longer held) and on hello.
    staleTime: Infinity,
    gcTime: 30_000,
    // Up to 2,000 entries of up to 16 KB: deep comparison on every append would cost more than it saves.
    structuralSharing: false,
  });

export const authQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.auth(sessionId),
    queryFn: ({ signal }) => api.getAuth(sessionId, { signal }),
  });

export const toolsQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.tools(sessionId),
    queryFn: ({ signal }) => api.listTools(sessionId, { signal }),
    staleTime: 30_000,
  });

/**
 * Client-only state written by the event stream. Its "fetch" answers what the cache holds, so an
 * invalidation (every `hello`) never wipes it.
 */
export const liveMarksQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.liveMarks(sessionId),
    queryFn: ({ client, queryKey }): LiveMarks => client.getQueryData<LiveMarks>(queryKey) ?? emptyMarks(),
    staleTime: Infinity,
  });

/**
 * Client-only: this tab's request in flight for `slot` (null or absent: none), written only by
 * lib/tracked-request.ts. Never fetched (skipToken): a fetch racing the write would overwrite it.
 */
export const inFlightQuery = (sessionId: string, slot: string) =>
  queryOptions<InFlightEntry | null>({
    queryKey: queryKeys.inFlight(sessionId, slot),
    queryFn: skipToken,
    staleTime: Infinity,
  });

/** Client-only: the progress events of one request, merged by lib/event-effects.ts. Never fetched. */
export const requestProgressQuery = (sessionId: string, requestId: string) =>
  queryOptions<RequestProgress>({
    queryKey: queryKeys.requestProgress(sessionId, requestId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
