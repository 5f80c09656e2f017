/**
 * The live event stream (`GET /api/events`, server-sent events): small typed events that say
 * *what* changed, carrying ids and small diffs, never whole resource contents. One pure table
 * (lib/api/event-effects.ts) says which cache invalidation or small patch each event means, and
 * components/events/cache-applier.ts applies it; contents are always fetched through the normal
 * queries.
 */
import type { SessionLists, SessionSummary, TrafficSummary } from "./contract";
import type { RequestProgress } from "./progress";

// Defined in contract.ts beside the traffic route's answer that extends it (no cycle back here).
export type { TrafficSummary };

export interface ListDiff {
  added: string[];
  removed: string[];
  /** Same uri, different metadata (name, title, description, mimeType, size, annotations, …). */
  changed: string[];
}

export type InspectorEvent =
  | {
      type: "session";
      session: SessionSummary;
      /**
       * On the "connected" of a connect the page asked for: the first listing, when the server
       * gave it in time, so the page shows the session with its tree in one render.
       */
      lists?: SessionLists;
    }
  | { type: "session-removed"; sessionId: string }
  | {
      type: "resources-changed";
      sessionId: string;
      diff: ListDiff;
      /** The server sent list_changed without declaring `resources.listChanged`. */
      undeclared: boolean;
      at: number;
    }
  | { type: "templates-changed"; sessionId: string; diff: ListDiff; undeclared: boolean; at: number }
  | {
      type: "resource-updated";
      sessionId: string;
      uri: string;
      /** Version number in the watch history after the re-read; 0 when not watched (no re-read). */
      version: number;
      /** False when the server announced an update but the re-read bytes are identical. */
      changed: boolean;
      at: number;
      undeclared: boolean;
    }
  | { type: "watches"; sessionId: string; uris: string[] }
  /** Watch mode compared the rebuilt server with the build before it (the diff: …/last-build-diff). */
  | { type: "build-diff"; sessionId: string; changes: number; at: number }
  | { type: "stderr"; sessionId: string; lines: string[] }
  | { type: "traffic"; sessionId: string; entries: TrafficSummary[] }
  /** A request the page named (lib/api/progress.ts) got a `notifications/progress`, or walked a page. */
  | ({ type: "progress"; sessionId: string; requestId: string } & RequestProgress)
  /** After (re)connecting: the client should refetch everything it shows. */
  /** A server named on the command line did not start, or its card went (GET /api/startup). */
  | { type: "startup-failures" }
  | { type: "hello"; serverTime: number };

export type InspectorEventType = InspectorEvent["type"];
