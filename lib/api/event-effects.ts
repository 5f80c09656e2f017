/**
 * The one mapping from live events (lib/api/events.ts) to TanStack Query cache operations, on keys
 * from lib/api/queries.ts. Pure: it returns the operations and the stream hook
 * (components/events/use-event-stream.ts) applies them, batched per animation frame.
 *
 *   session            set: replace (or add) that summary in the sessions list; when a session
 *                      comes back to "connected", invalidate its whole scope (re-sync)
 *   session-removed    set: drop it from the list; remove every query of that session
 *   resources-changed  invalidate the resource list; marks: added / removed / undeclared
 *   templates-changed  invalidate the template list; marks: undeclared
 *   resource-updated   invalidate that read (and its content items) and, when watched, the watch
 *                      list (versions); marks: updated. Coalesced: at most one fetch in flight and
 *                      one after it, so a storm never starves a fetch and the last state is read
 *   watches            invalidate the watch list
 *   build-diff         invalidate that session's last-build comparison
 *   stderr             invalidate the stderr query, throttled (the backend's bounded buffer is the
 *                      truth; lines carry no sequence number to merge by)
 *   traffic            set: append the summaries to the held traffic (bounded, merged by seq)
 *   progress           set: merge into that request's progress, only while this tab waits for it
 *   startup-failures   invalidate the list of command-line servers that did not start
 *   hello              invalidate everything: a (re)connected stream may have missed events
 */
import type { QueryKey } from "@tanstack/react-query";
import type { SessionListResponse } from "./contract";
import type { InspectorEvent, TrafficSummary } from "./events";
import { markEvent, emptyMarks, type LiveMarks } from "./live-marks";
import type { RequestProgress } from "./progress";
import { queryKeys } from "./queries";
import { appendTraffic, type HeldTraffic } from "./traffic-buffer";
import { pushAll } from "../limits/arrays";

export type CacheEffect =
  /** setQueryData with this updater (returning undefined leaves the cache untouched). */
  | { op: "set"; key: QueryKey; update: (old: unknown) => unknown }
  /** removeQueries for this prefix. */
  | { op: "remove"; key: QueryKey }
  /**
   * invalidateQueries for this prefix, coalesced; at most one run per `throttleMs`. `failedOnly`:
   * only the queries under it that have no data or ended in an error.
   */
  | { op: "invalidate"; key: QueryKey; throttleMs?: number; failedOnly?: boolean }
  | { op: "invalidate-all" };

/** stderr can arrive as 1,000 lines a second: refetch the bounded buffer at most this often. */
export const STDERR_THROTTLE_MS = 250;

const setSessions = (update: (old: SessionListResponse) => SessionListResponse): CacheEffect => ({
  op: "set",
  key: queryKeys.sessions(),
  update: (old) => (old ? update(old as SessionListResponse) : old),
});

const setMarks = (sessionId: string, event: InspectorEvent, receivedAt: number): CacheEffect => ({
  op: "set",
  key: queryKeys.liveMarks(sessionId),
  update: (old) => markEvent((old as LiveMarks | undefined) ?? emptyMarks(), event, receivedAt),
});

/**
 * Cache operations for one event. `peek` reads the cache as it is before they run (to notice a
 * session that reconnected); `receivedAt` is this tab's clock when the event arrived.
 */
export function eventEffects(
  event: InspectorEvent,
  peek: (key: QueryKey) => unknown,
  receivedAt: number,
): CacheEffect[] {
  switch (event.type) {
    case "hello":
      return [{ op: "invalidate-all" }];
    case "startup-failures":
      return [{ op: "invalidate", key: queryKeys.startupFailures() }];
    case "session": {
      const next = event.session;
      const list = peek(queryKeys.sessions()) as SessionListResponse | undefined;
      const previous = list?.sessions.find((s) => s.id === next.id);
      const effects: CacheEffect[] = [];
      // The first listing came with "connected": in the cache in the same batch, so the session
      // appears with its tree in one render (a list the page already has is not replaced).
      if (event.lists && next.status === "connected") {
        const { resources, templates } = event.lists;
        effects.push({ op: "set", key: queryKeys.resources(next.id), update: (old) => old ?? resources });
        if (templates)
          effects.push({ op: "set", key: queryKeys.templates(next.id), update: (old) => old ?? templates });
      }
      effects.push(
        setSessions((old) =>
          old.sessions.some((s) => s.id === next.id)
            ? { sessions: old.sessions.map((s) => (s.id === next.id ? next : s)) }
            : { sessions: [...old.sessions, next] },
        ),
      );
      // Back from disconnected: everything shown for it (failed reads, lists) is worth a re-read.
      // Its first connect only re-asks what failed while it was connecting: what the connect
      // answer brought (its lists) is already the connected server's.
      if (previous && previous.status !== "connected" && next.status === "connected") {
        effects.push({
          op: "invalidate",
          key: queryKeys.sessionScope(next.id),
          ...(previous.connectedAt === undefined ? { failedOnly: true } : {}),
        });
      } else if (next.auth && next.auth.steps !== previous?.auth?.steps) {
        // The OAuth flow logged a step: the server panel's list of steps is stale.
        effects.push({ op: "invalidate", key: queryKeys.auth(next.id) });
      }
      return effects;
    }
    case "session-removed":
      return [
        setSessions((old) => ({ sessions: old.sessions.filter((s) => s.id !== event.sessionId) })),
        { op: "remove", key: queryKeys.sessionScope(event.sessionId) },
      ];
    case "resources-changed":
      return [
        { op: "invalidate", key: queryKeys.resources(event.sessionId) },
        setMarks(event.sessionId, event, receivedAt),
      ];
    case "templates-changed": {
      const effects: CacheEffect[] = [{ op: "invalidate", key: queryKeys.templates(event.sessionId) }];
      if (event.undeclared) effects.push(setMarks(event.sessionId, event, receivedAt));
      return effects;
    }
    case "resource-updated": {
      const effects: CacheEffect[] = [
        { op: "invalidate", key: queryKeys.read(event.sessionId, event.uri) },
        setMarks(event.sessionId, event, receivedAt),
      ];
      if (event.version > 0) effects.push({ op: "invalidate", key: queryKeys.watches(event.sessionId) });
      return effects;
    }
    case "watches":
      return [{ op: "invalidate", key: queryKeys.watches(event.sessionId) }];
    case "build-diff":
      return [{ op: "invalidate", key: queryKeys.lastBuildDiff(event.sessionId) }];
    case "stderr":
      return [{ op: "invalidate", key: queryKeys.stderr(event.sessionId), throttleMs: STDERR_THROTTLE_MS }];
    case "traffic":
      return [
        {
          op: "set",
          key: queryKeys.traffic(event.sessionId),
          update: (old) => appendTraffic(old as HeldTraffic | undefined, event.entries),
        },
      ];
    case "progress": {
      const { type: _t, sessionId, requestId, ...progress } = event;
      // Only for a request this tab sent and still waits for (lib/api/tracked-request.ts).
      return [
        {
          op: "set",
          key: queryKeys.requestProgress(sessionId, requestId),
          update: (old) => (old === undefined ? undefined : { ...(old as RequestProgress), ...progress }),
        },
      ];
    }
  }
}

/**
 * Folds a frame's worth of events: each session's traffic and stderr events become one (in
 * order), everything else stays as it came. Keeps the per-frame work proportional to sessions,
 * not to events, during a storm.
 */
export function coalesceEvents(events: readonly InspectorEvent[]): InspectorEvent[] {
  const out: InspectorEvent[] = [];
  const traffic = new Map<string, TrafficSummary[]>();
  const stderr = new Map<string, string[]>();
  for (const event of events) {
    if (event.type === "traffic") {
      const held = traffic.get(event.sessionId);
      if (held) pushAll(held, event.entries);
      else {
        const entries = [...event.entries];
        traffic.set(event.sessionId, entries);
        out.push({ type: "traffic", sessionId: event.sessionId, entries });
      }
    } else if (event.type === "stderr") {
      const held = stderr.get(event.sessionId);
      if (held) pushAll(held, event.lines);
      else {
        const lines = [...event.lines];
        stderr.set(event.sessionId, lines);
        out.push({ type: "stderr", sessionId: event.sessionId, lines });
      }
    } else {
      out.push(event);
    }
  }
  return out;
}
