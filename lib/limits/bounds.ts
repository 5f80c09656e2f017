/**
 * Size caps for what a server controls, applied where we store or forward it (docs/SECURITY.md,
 * "Memory: every value a server controls is bounded"). A server may send a 10 MB request id, URI,
 * cursor, method name or log line inside a message that is itself under the message limit; kept
 * whole in a ring buffer of 1,000 entries or sent to every tab, that is gigabytes.
 *
 * A cut value is always a fresh string: `slice` in V8 makes a view that keeps its whole parent
 * alive (100 slices of 100 characters kept 1.45 GB of 10 MB parents; a copy kept 18 MB).
 */

/** Request ids, method names, cursors, names: what identifies something, shown on one line. */
export const MAX_FIELD_CHARS = 256;
/** URIs, descriptions and other texts a server chose, as one value in a list or a message. */
export const MAX_TEXT_CHARS = 2_048;
/** A URI in an event, a problem or a recorded step (real ones are far shorter; data: URIs may not be). */
export const MAX_URI_CHARS = 8_192;
/**
 * The most items one listing keeps (a live walk, a capture's listing): 2 M resources is ~100 MB of
 * JSON, far past any real server. Past it the walk stops with a warning; a capture is refused.
 */
export const MAX_LISTED_ITEMS = 2_000_000;
/**
 * A 2026-07-28 `requestState` (opaque, echoed verbatim with the answers of an input_required
 * read): one too long to keep is dropped whole, never cut (a cut state could not be echoed).
 */
export const MAX_REQUEST_STATE_CHARS = 65_536;
/** One line of a server's stderr. */
export const MAX_STDERR_LINE_CHARS = 8_192;

/** A copy that shares no storage with `s` (see the header). */
export function freshCopy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/**
 * `s` when it has at most `max` characters, else a fresh copy of its head followed by
 * `… (N characters)`, together at most `max` characters (so clipping twice changes nothing).
 * A lone high surrogate at the cut is dropped.
 */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const suffix = `… (${s.length.toLocaleString("en-US")} characters)`;
  let head = s.slice(0, Math.max(0, max - suffix.length));
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${freshCopy(head)}${suffix}`;
}

/** The characters a value holds in its strings and keys: what keeping it costs, give or take. */
export function heldChars(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value === null || typeof value !== "object") return 8;
  let n = 0;
  for (const [k, v] of Object.entries(value)) n += k.length + heldChars(v);
  return n;
}

/**
 * A bounded stand-in for an identifier used as a key: `s` itself when short, else its clipped
 * head plus a hash of the whole, so two long values that share a head still differ.
 */
export function boundedKey(s: string, max = MAX_TEXT_CHARS): string {
  if (s.length <= max) return s;
  return `${freshCopy(s.slice(0, max))}…#${s.length}:${fnv1a(s)}`;
}

/** A request id as it may be kept: a number, or a string of at most MAX_FIELD_CHARS. */
export function boundedId(id: string | number): string | number {
  return typeof id === "number" ? id : clip(id, MAX_FIELD_CHARS);
}

/**
 * 32-bit FNV-1a over UTF-16 code units, as 8 hex digits: identity for keys, not security. A long
 * string is hashed from its length and about 4,096 code units spread over it, so a hostile 10 MB
 * id costs microseconds, not 100 ms a look-up (measured); two such ids differing only between the
 * samples share a key, which costs a latency shown on the wrong line, nothing more.
 */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  const step = s.length <= 4_096 ? 1 : Math.floor(s.length / 4_096);
  for (let i = 0; i < s.length; i += step) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= s.length;
  h = Math.imul(h, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * A JSON value a server chose (capabilities, `_meta`, server info), kept only while its JSON is at
 * most `maxChars`; else a small note in its place that says how big it was.
 */
export function boundedJson<T>(value: T, maxChars: number): T | { truncated: true; chars: number } {
  if (value === undefined || value === null) return value;
  const text = JSON.stringify(value);
  if (text === undefined || text.length <= maxChars) return value;
  return { truncated: true, chars: text.length };
}
