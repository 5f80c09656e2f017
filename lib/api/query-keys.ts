/**
 * Query keys: the only place TanStack Query keys are spelled. Keys nest so that invalidating a
 * prefix reaches everything below it:
 *   sessionScope(id) ⊃ resources(id), templates(id), stderr(id), read(id, uri) ⊃ content(id, uri, n), frame(id, …)
 * Apart from the queryOptions factories (./queries.ts), so the request tracking they use
 * (./tracked-request.ts) can name keys without importing them back.
 */
import type { CompareBody, CompleteBody, FrameBody } from "./contract";

const root = ["inspector"] as const;

export const queryKeys = {
  all: () => root,
  presets: () => [...root, "presets"] as const,
  sessions: () => [...root, "sessions"] as const,
  savedServers: () => [...root, "saved-servers"] as const,
  /** A workspace folder typed for a pasted config, as the server checked it (POST /api/import). */
  workspaceFolder: (folder: string) => [...root, "workspace-folder", folder] as const,
  /** Servers named on the command line that are not running (lib/api/startup.ts). */
  startupFailures: () => [...root, "startup-failures"] as const,
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
  /** Watch mode's comparison of the last rebuild with the build before it (null before one). */
  lastBuildDiff: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "last-build-diff"] as const,
  /**
   * Two sessions compared (POST /api/compare), with the pointers ignored: outside both sessions'
   * scopes, since it belongs to two; a session that goes leaves it unused until it is collected.
   */
  compare: (body: CompareBody) => [...root, "compare", body] as const,
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
  /** Client-only: the request this tab has in flight for one purpose (lib/api/tracked-request.ts). */
  inFlight: (sessionId: string, slot: string) =>
    [...queryKeys.sessionScope(sessionId), "in-flight", slot] as const,
  /** Client-only: what the progress events said of one request this tab sent. */
  requestProgress: (sessionId: string, requestId: string) =>
    [...queryKeys.sessionScope(sessionId), "progress", requestId] as const,
  /** Client-only: marks derived from live events (lib/api/live-marks.ts). */
  liveMarks: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "live-marks"] as const,
  /** The session's recording; null while it is not recording (lib/check/recording-queries.ts). */
  recording: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "recording"] as const,
  /** Client-only: the check drafted from a stopped recording, while the user reviews it. */
  recordingDraft: (sessionId: string) => [...queryKeys.sessionScope(sessionId), "recording-draft"] as const,
  /** The check files saved in one folder. */
  checks: (folder: string) => [...root, "checks", folder] as const,
};
