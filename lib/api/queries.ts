/**
 * queryOptions factories for the page's queries; their keys are spelled in ./query-keys.ts (the
 * only place), re-exported here.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import type { CompareBody, CompleteBody, FrameBody, SessionListResponse } from "./contract";
import { emptyMarks, type LiveMarks } from "./live-marks";
import { mergeTrafficSnapshot, type HeldTraffic } from "./traffic-buffer";
import { formatBytesOf, type RequestProgress } from "./progress";
import { queryKeys } from "./query-keys";
import { sendTracked, slots, type InFlightEntry } from "./tracked-request";

export { queryKeys };

/** While a server is starting, poll quickly so "connected" shows up promptly. */
export const SESSION_POLL_CONNECTING_MS = 1_500;
/** Otherwise poll slowly, only to notice servers that died. */
export const SESSION_POLL_IDLE_MS = 3_000;

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

/** A workspace folder the user typed for a pasted config, checked where its servers would run. */
export const workspaceFolderQuery = (api: ApiClient, folder: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceFolder(folder),
    queryFn: async ({ signal }) =>
      (await api.importConfig({ text: "", workspaceFolder: folder }, { signal })).workspaceFolder ?? null,
    staleTime: 10_000,
  });

/** Servers named on the command line that did not start; the `startup-failures` event refetches. */
export const startupFailuresQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.startupFailures(),
    queryFn: ({ signal }) => api.listStartupFailures({ signal }),
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

/** Two sessions compared; a new `ignore` is a new key (the compare re-runs), the same one is kept. */
export const compareQuery = (api: ApiClient, body: CompareBody) =>
  queryOptions({
    queryKey: queryKeys.compare(body),
    queryFn: ({ signal }) => api.compare(body, { signal }),
    // A comparison is a snapshot of two states: the user re-runs it ("Compare again"), no timer does.
    staleTime: Infinity,
    gcTime: 60_000,
  });

/** Watch mode's last rebuild compared with the one before; the `build-diff` event refetches it. */
export const lastBuildDiffQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.lastBuildDiff(sessionId),
    queryFn: ({ signal }) => api.getLastBuildDiff(sessionId, { signal }),
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
 * lib/api/tracked-request.ts. Never fetched (skipToken): a fetch racing the write would overwrite it.
 */
export const inFlightQuery = (sessionId: string, slot: string) =>
  queryOptions<InFlightEntry | null>({
    queryKey: queryKeys.inFlight(sessionId, slot),
    queryFn: skipToken,
    staleTime: Infinity,
  });

/** Client-only: the progress events of one request, merged by lib/api/event-effects.ts. Never fetched. */
export const requestProgressQuery = (sessionId: string, requestId: string) =>
  queryOptions<RequestProgress>({
    queryKey: queryKeys.requestProgress(sessionId, requestId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
