/**
 * What the event stream told this tab about one session's resources, for marks in the tree and
 * notes in the viewer: which resources updated (and whether the user has looked since), which
 * were added or removed by a list change, and notifications the server sent without declaring
 * the capability. Pure and immutable: every change returns a new object (it lives in the query
 * cache under `queryKeys.liveMarks`). Maps, not records, because keys are server-chosen URIs
 * ("__proto__" is a valid one). Each map is bounded; the oldest entries go first.
 */
import type { InspectorEvent } from "./events";

export interface UpdateMark {
  /** Server time of the latest `resource-updated` event (what the UI shows). */
  at: number;
  /** This tab's clock when it arrived (compared with `seen`, immune to clock skew). */
  receivedAt: number;
  /** Updates seen by this tab since it opened. */
  count: number;
  /** Watch version after the re-read; 0 when the resource is not watched. */
  version: number;
  /** False when the latest update re-read identical bytes. */
  changed: boolean;
}

/** The notifications a server can send without having declared the capability. */
export type UndeclaredKind = "list_changed" | "updated";

export interface UndeclaredNote {
  at: number;
  count: number;
}

export interface LiveMarks {
  updated: ReadonlyMap<string, UpdateMark>;
  /** When the user last had each resource open (clears its "updated" dot). */
  seen: ReadonlyMap<string, number>;
  /** Resources a list change added in the last NEW_MARK_MS, with when this tab heard ("new"). */
  added: ReadonlyMap<string, number>;
  /** Resources a list change removed, with when (the viewer says so instead of going blank). */
  removed: ReadonlyMap<string, number>;
  undeclared: ReadonlyMap<UndeclaredKind, UndeclaredNote>;
}

/** Per map; a storm of list churn cannot grow the marks without bound. */
export const MAX_MARKS = 2_000;
/** How long the tree calls an added resource "new"; expireAdded() then drops the mark. */
export const NEW_MARK_MS = 5_000;

export function emptyMarks(): LiveMarks {
  return { updated: new Map(), seen: new Map(), added: new Map(), removed: new Map(), undeclared: new Map() };
}

/** Sets `key` as the newest entry, dropping the oldest past MAX_MARKS. */
function put<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_MARKS) map.delete(map.keys().next().value as K);
}

function noteUndeclared(marks: LiveMarks, kind: UndeclaredKind, at: number): LiveMarks["undeclared"] {
  const next = new Map(marks.undeclared);
  next.set(kind, { at, count: (marks.undeclared.get(kind)?.count ?? 0) + 1 });
  return next;
}

/**
 * The marks after one event, received at `receivedAt` (this tab's clock); the same object when the
 * event does not concern them.
 */
export function markEvent(marks: LiveMarks, event: InspectorEvent, receivedAt: number): LiveMarks {
  switch (event.type) {
    case "resources-changed": {
      const { added: addedUris, removed: removedUris } = event.diff;
      const added = new Map(marks.added);
      const removed = new Map(marks.removed);
      const updated = new Map(marks.updated);
      const seen = new Map(marks.seen);
      for (const [uri, at] of added) if (receivedAt - at >= NEW_MARK_MS) added.delete(uri);
      for (const uri of addedUris) {
        put(added, uri, receivedAt);
        removed.delete(uri);
      }
      for (const uri of removedUris) {
        put(removed, uri, event.at);
        added.delete(uri);
        updated.delete(uri);
        seen.delete(uri);
      }
      return {
        ...marks,
        added,
        removed,
        updated,
        seen,
        undeclared: event.undeclared ? noteUndeclared(marks, "list_changed", event.at) : marks.undeclared,
      };
    }
    case "templates-changed":
      return event.undeclared
        ? { ...marks, undeclared: noteUndeclared(marks, "list_changed", event.at) }
        : marks;
    case "resource-updated": {
      const updated = new Map(marks.updated);
      const count = (marks.updated.get(event.uri)?.count ?? 0) + 1;
      put(updated, event.uri, {
        at: event.at,
        receivedAt,
        count,
        version: event.version,
        changed: event.changed,
      });
      return {
        ...marks,
        updated,
        undeclared: event.undeclared ? noteUndeclared(marks, "updated", event.at) : marks.undeclared,
      };
    }
    default:
      return marks;
  }
}

/** The user has `uri` open at `at` (this tab's clock): its "updated" dot clears. */
export function markSeen(marks: LiveMarks, uri: string, at: number): LiveMarks {
  if (!marks.updated.has(uri)) return marks;
  const seen = new Map(marks.seen);
  put(seen, uri, at);
  return { ...marks, seen };
}

/** The latest update of `uri` the user has not seen, if any. */
export function unseenUpdate(marks: LiveMarks, uri: string): UpdateMark | undefined {
  const update = marks.updated.get(uri);
  if (!update) return undefined;
  const seenAt = marks.seen.get(uri);
  return seenAt === undefined || update.receivedAt > seenAt ? update : undefined;
}

/**
 * Whether `uri` lies below the tree folder with id `folderId` (see lib/resources/uri-tree.ts: "folder " +
 * the URI prefix, scheme lowercased).
 */
export function isUnderFolder(uri: string, folderId: string): boolean {
  const prefix = folderId.slice("folder ".length);
  const colon = uri.indexOf(":");
  const normalized = colon < 0 ? uri : uri.slice(0, colon).toLowerCase() + uri.slice(colon);
  if (!normalized.startsWith(prefix)) return false;
  if (prefix.endsWith(":")) return true;
  return normalized.charAt(prefix.length) === "/";
}

/** The newest unseen update of any resource below a folder, for a dot on a collapsed folder. */
export function unseenUpdateUnder(marks: LiveMarks, folderId: string): number | undefined {
  let latest: number | undefined;
  for (const [uri, update] of marks.updated) {
    if (!isUnderFolder(uri, folderId) || !unseenUpdate(marks, uri)) continue;
    if (latest === undefined || update.at > latest) latest = update.at;
  }
  return latest;
}

/** Drops "added" marks older than NEW_MARK_MS at `now`; the same object when none is. */
export function expireAdded(marks: LiveMarks, now: number): LiveMarks {
  const stale = [...marks.added].filter(([, at]) => now - at >= NEW_MARK_MS);
  if (stale.length === 0) return marks;
  const added = new Map(marks.added);
  for (const [uri] of stale) added.delete(uri);
  return { ...marks, added };
}

/** When the oldest "added" mark stops being new (this tab's clock), if there is one. */
export function nextAddedExpiry(marks: LiveMarks): number | undefined {
  let oldest: number | undefined;
  for (const at of marks.added.values()) if (oldest === undefined || at < oldest) oldest = at;
  return oldest === undefined ? undefined : oldest + NEW_MARK_MS;
}
