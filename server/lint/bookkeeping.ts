/**
 * The linter's bookkeeping of a session's traffic (traffic-linter.ts): requests waiting for their
 * answer, list walks waiting for their next page, what the host rules keep of a listed resource.
 * Every key is bounded and every collection holds at most MAX_TRACKED entries (issue 32).
 */
import { boundedKey, clip, MAX_FIELD_CHARS, MAX_TEXT_CHARS } from "@/lib/limits/bounds";

export interface Pending {
  method: string;
  params: Record<string, unknown>;
  at: number;
  /** The list walk this page request belongs to. */
  walk?: Walk;
}

export interface Walk {
  method: string;
  uris: Set<string>;
  cursors: Set<string>;
  pages: number;
  /** What the host rules need of each listed resource (resource walks), bounded. */
  entries?: Map<string, ListedEntry>;
}

export interface ListedEntry {
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
}

export const MAX_TRACKED = 10_000;

/** The not-found probe's URIs ("Check this server") are ours, not the server's: no host finding. */
export const PROBE_SCHEME = "mcp-inspector-probe:";

export function boundedSet<T>(set: Set<T>, value: T): void {
  set.add(value);
  if (set.size > MAX_TRACKED) set.delete(set.values().next().value as T);
}

export function boundedMap<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_TRACKED) map.delete(map.keys().next().value as K);
}

/** A request id as a bookkeeping key: a 10 MB id must not be kept (or hashed twice) whole. */
export function idKey(direction: "in" | "out", id: string | number): string {
  return `${direction}:${typeof id}:${typeof id === "string" ? boundedKey(id, MAX_FIELD_CHARS) : id}`;
}

/** What the host rules keep of a listed resource: its URI and the short fields they judge, clipped. */
export function listedEntry(item: Record<string, unknown>): ListedEntry {
  const e: ListedEntry = { uri: clip(String(item.uri), MAX_TEXT_CHARS) };
  if (typeof item.name === "string") e.name = clip(item.name, MAX_FIELD_CHARS);
  if (typeof item.description === "string") e.description = clip(item.description, MAX_TEXT_CHARS);
  if (typeof item.mimeType === "string") e.mimeType = clip(item.mimeType, MAX_FIELD_CHARS);
  return e;
}
