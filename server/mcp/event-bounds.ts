import "server-only";
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { boundedJson, clip, MAX_FIELD_CHARS, MAX_TEXT_CHARS, MAX_URI_CHARS } from "@/lib/limits/bounds";
import type { SessionSummary } from "@/lib/api/contract";
import type { InspectorEvent, ListDiff } from "@/lib/api/events";

/** No event sent to a tab is longer than this as JSON (docs/SECURITY.md). */
export const MAX_EVENT_CHARS = 1024 * 1024;
/** The first listing rides on the "connected" event only while this small; else the answer has it. */
export const MAX_EVENT_LISTS_CHARS = 512 * 1024;
/** A stderr event only makes the page refetch the bounded log: it keeps its last lines up to this. */
export const MAX_STDERR_EVENT_CHARS = 64 * 1024;
/** URIs per list of a diff (the page re-lists anyway; the diff only marks rows). */
export const MAX_DIFF_URIS = 1_000;
/** The server's `instructions`, as kept and shown. */
export const MAX_INSTRUCTIONS_CHARS = 64 * 1024;
/** Its capabilities object, as JSON; a bigger one is kept as a note of its size. */
export const MAX_CAPABILITIES_CHARS = 64 * 1024;
/** A session's error message (it quotes what the server said). */
export const MAX_ERROR_CHARS = 4_096;

/**
 * The server's `initialize` identity as the session keeps it: every string cut to its cap, and
 * fields beyond name/title/version/websiteUrl/description dropped (icons and the rest are the
 * server's to send, not ours to repeat to every tab on every status change).
 */
export function boundServerInfo(info: Implementation | null | undefined): Implementation | null {
  if (!info) return null;
  const s = (v: unknown, max: number) => (typeof v === "string" ? clip(v, max) : undefined);
  const out: Implementation = {
    name: s(info.name, MAX_FIELD_CHARS) ?? "",
    version: s(info.version, MAX_FIELD_CHARS) ?? "",
  };
  const title = s(info.title, MAX_FIELD_CHARS);
  if (title !== undefined) out.title = title;
  const website = s((info as { websiteUrl?: unknown }).websiteUrl, MAX_TEXT_CHARS);
  if (website !== undefined) (out as { websiteUrl?: string }).websiteUrl = website;
  const description = s((info as { description?: unknown }).description, MAX_TEXT_CHARS);
  if (description !== undefined) (out as { description?: string }).description = description;
  return out;
}

export function boundCapabilities(caps: ServerCapabilities | null | undefined): ServerCapabilities | null {
  if (!caps) return null;
  const bounded = boundedJson(caps, MAX_CAPABILITIES_CHARS);
  // Too big to repeat: the resources part (what the inspector acts on) is kept, if it is small.
  if ("truncated" in bounded && bounded.truncated === true) {
    const resources = caps.resources;
    const small = resources && JSON.stringify(resources).length <= 1_024;
    return {
      ...(small ? { resources } : {}),
      experimental: { "mcp-resource-inspector/truncated": { chars: bounded.chars } },
    };
  }
  return caps;
}

function boundDiff(diff: ListDiff): ListDiff {
  const uris = (list: string[]) => list.slice(0, MAX_DIFF_URIS).map((u) => clip(u, MAX_URI_CHARS));
  return { added: uris(diff.added), removed: uris(diff.removed), changed: uris(diff.changed) };
}

function boundSummary(s: SessionSummary): SessionSummary {
  return {
    ...s,
    name: clip(s.name, MAX_FIELD_CHARS),
    serverInfo: boundServerInfo(s.serverInfo),
    capabilities: boundCapabilities(s.capabilities),
    ...(s.instructions !== undefined ? { instructions: clip(s.instructions, MAX_INSTRUCTIONS_CHARS) } : {}),
    ...(s.error
      ? {
          error: {
            ...s.error,
            message: clip(s.error.message, MAX_ERROR_CHARS),
            ...(s.error.stderrTail ? { stderrTail: s.error.stderrTail.slice(-20) } : {}),
          },
        }
      : {}),
  };
}

/** The last lines that fit in `max` characters, oldest first. */
function lastLinesWithin(lines: readonly string[], max: number): string[] {
  const kept: string[] = [];
  let total = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = clip(lines[i]!, max);
    total += line.length + 3;
    if (total > max && kept.length > 0) break;
    kept.push(line);
  }
  return kept.reverse();
}

/**
 * An event as it may go to every tab: each field a server controls cut to its cap, and the whole
 * never over MAX_EVENT_CHARS as JSON. The session keeps its values bounded already (this is the
 * last line, for whatever a future event carries). Idempotent.
 */
export function boundEvent(event: InspectorEvent): InspectorEvent {
  const bounded = boundFields(event);
  if (JSON.stringify(bounded).length <= MAX_EVENT_CHARS) return bounded;
  return minimal(bounded);
}

function boundFields(event: InspectorEvent): InspectorEvent {
  switch (event.type) {
    case "session": {
      const session = boundSummary(event.session);
      const lists =
        event.lists && JSON.stringify(event.lists).length <= MAX_EVENT_LISTS_CHARS ? event.lists : undefined;
      return { type: "session", session, ...(lists ? { lists } : {}) };
    }
    case "resources-changed":
    case "templates-changed":
      return { ...event, diff: boundDiff(event.diff) };
    case "resource-updated":
      return { ...event, uri: clip(event.uri, MAX_URI_CHARS) };
    case "watches":
      return { ...event, uris: event.uris.slice(0, MAX_DIFF_URIS).map((u) => clip(u, MAX_URI_CHARS)) };
    case "stderr":
      return { ...event, lines: lastLinesWithin(event.lines, MAX_STDERR_EVENT_CHARS) };
    case "traffic":
      return {
        ...event,
        entries: event.entries.map((e) => ({
          ...e,
          ...(e.method !== undefined ? { method: clip(e.method, MAX_FIELD_CHARS) } : {}),
          ...(typeof e.rpcId === "string" ? { rpcId: clip(e.rpcId, MAX_FIELD_CHARS) } : {}),
        })),
      };
    case "progress":
      return event.message !== undefined ? { ...event, message: clip(event.message, MAX_TEXT_CHARS) } : event;
    case "session-removed":
    case "startup-failures":
    case "hello":
    case "build-diff":
      return event;
  }
}

/** Still too long after every field cap (many capped fields at once): only what the page acts on. */
function minimal(event: InspectorEvent): InspectorEvent {
  switch (event.type) {
    case "session":
      return {
        type: "session",
        session: {
          ...event.session,
          serverInfo: event.session.serverInfo
            ? { name: event.session.serverInfo.name, version: event.session.serverInfo.version }
            : null,
          capabilities: event.session.capabilities?.resources
            ? { resources: event.session.capabilities.resources }
            : event.session.capabilities
              ? {}
              : null,
          instructions: undefined,
          ...(event.session.error ? { error: { ...event.session.error, stderrTail: [] } } : {}),
        },
      };
    case "resources-changed":
    case "templates-changed":
      return { ...event, diff: { added: [], removed: [], changed: [] } };
    case "watches":
      return { ...event, uris: [] };
    case "stderr":
      return { ...event, lines: [] };
    case "traffic":
      return { ...event, entries: event.entries.slice(-200) };
    default:
      return event;
  }
}
