/**
 * The 2026-07-28 cache hints of a result (`ttlMs`, `cacheScope`; spec: basic/utilities/caching),
 * as the session keeps them and every view shows them: the page, the traffic log, the CLI's JSON,
 * a capture. A value that breaks the schema is kept out of `ttlMs`/`cacheScope` (the app's own
 * refresh follows them) and said, with the value as received, in `hintNotes`: never a crash.
 */
import type { CacheHints } from "../api/contract";
import { clip } from "../limits/bounds";
import { formatClock } from "../ui/format-time";

/** The latest instant a `Date` can hold (ECMA-262 §21.4.1.22): past it "fresh until" has no time. */
const MAX_DATE_MS = 8.64e15;
const SCOPES = ["public", "private"] as const;

/** A received value on one line, bounded (a server chose it): `-5`, `"soon"`, `an object`. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(clip(value, 80));
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return Array.isArray(value) ? "an array" : `a value of type ${typeof value}`;
}

/**
 * The hints `result` carries, checked, with the time they arrived; `{}` when it carries none
 * (every legacy-era result), so a result without hints looks as it always did.
 */
export function hintsOf(result: unknown, receivedAt = Date.now()): CacheHints {
  if (typeof result !== "object" || result === null) return {};
  const { ttlMs, cacheScope } = result as { ttlMs?: unknown; cacheScope?: unknown };
  if (ttlMs === undefined && cacheScope === undefined) return {};
  const notes: string[] = [];
  const hints: CacheHints = { receivedAt };
  if (typeof ttlMs === "number" && Number.isFinite(ttlMs) && ttlMs >= 0) hints.ttlMs = ttlMs;
  else if (ttlMs !== undefined)
    notes.push(`ttlMs ${shown(ttlMs)} is not a number of milliseconds ≥ 0; it was ignored.`);
  if (SCOPES.includes(cacheScope as (typeof SCOPES)[number]))
    hints.cacheScope = cacheScope as (typeof SCOPES)[number];
  else if (cacheScope !== undefined)
    notes.push(`cacheScope ${shown(cacheScope)} is neither "public" nor "private"; it was ignored.`);
  return notes.length ? { ...hints, hintNotes: notes } : hints;
}

/** True when `h` holds anything worth showing. */
export function hasHints(h: CacheHints | undefined): h is CacheHints {
  return h !== undefined && (h.ttlMs !== undefined || h.cacheScope !== undefined || !!h.hintNotes?.length);
}

/** When the answer stops being fresh (epoch ms), or null without a ttlMs, an arrival or a date for it. */
export function freshUntil(h: CacheHints): number | null {
  if (h.ttlMs === undefined || h.receivedAt === undefined) return null;
  const until = h.receivedAt + h.ttlMs;
  return until <= MAX_DATE_MS ? until : null;
}

/** "ttlMs 5,000 · cacheScope public", as the viewer and the list headers say it. */
export function describeHints(h: CacheHints): string {
  const parts: string[] = [];
  if (h.ttlMs !== undefined)
    parts.push(h.ttlMs === 0 ? "ttlMs 0 (stale at once)" : `ttlMs ${h.ttlMs.toLocaleString("en")}`);
  if (h.cacheScope) parts.push(`cacheScope ${h.cacheScope}`);
  return parts.join(" · ");
}

/**
 * "fresh until 14:03:07" (or "stale since …" once `now` passed it), from the time the answer
 * arrived and its ttlMs; null when there is no time to say.
 */
export function freshness(h: CacheHints, now: number): string | null {
  const until = freshUntil(h);
  if (until === null)
    return h.ttlMs !== undefined && h.receivedAt !== undefined ? "fresh beyond any date" : null;
  return until > now ? `fresh until ${formatClock(until)}` : `stale since ${formatClock(until)}`;
}
