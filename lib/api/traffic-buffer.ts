/**
 * The JSON-RPC traffic a tab holds for one session: the backend's snapshot (full messages, the
 * last 1,000) merged with the summaries the event stream appends (no message; fetched on demand).
 * Ordered by `seq`, which the backend numbers monotonically per session; bounded to `cap` entries.
 */
import type { TrafficEntryInfo, TrafficResponse } from "./contract";
import type { TrafficSummary } from "./events";

/** A summary from the stream, or a full entry from the snapshot (with `message`). */
export type HeldTrafficEntry = TrafficSummary & Partial<Pick<TrafficEntryInfo, "message" | "truncated">>;

export interface HeldTraffic {
  entries: HeldTrafficEntry[];
  /** Entries no longer held: dropped by the backend before the snapshot or by this tab's cap. */
  dropped: number;
}

export const TRAFFIC_CAP = 2_000;

function capped(entries: HeldTrafficEntry[], dropped: number, cap: number): HeldTraffic {
  const excess = entries.length - cap;
  return excess > 0 ? { entries: entries.slice(excess), dropped: dropped + excess } : { entries, dropped };
}

/**
 * Appends stream summaries the buffer does not have yet (seq above its newest). Returns
 * `held` itself when nothing is new, and undefined while nothing is held: the stream only
 * extends a snapshot, it never starts one (the next fetch would lose what it appended).
 */
export function appendTraffic(
  held: HeldTraffic | undefined,
  summaries: readonly TrafficSummary[],
  cap = TRAFFIC_CAP,
): HeldTraffic | undefined {
  if (!held) return undefined;
  const newest = held.entries.at(-1)?.seq ?? -Infinity;
  const fresh = summaries.filter((s) => s.seq > newest);
  if (fresh.length === 0) return held;
  return capped([...held.entries, ...fresh], held.dropped, cap);
}

/**
 * A fresh snapshot merged with what the tab already held: held entries older than the snapshot
 * are kept (up to the cap), the snapshot's full entries win for the seqs it covers, and held
 * entries newer than it (appended by the stream while the fetch was in flight) stay.
 */
export function mergeTrafficSnapshot(
  held: HeldTraffic | undefined,
  snapshot: TrafficResponse,
  cap = TRAFFIC_CAP,
): HeldTraffic {
  const first = snapshot.entries[0]?.seq;
  const last = snapshot.entries.at(-1)?.seq;
  if (!held || first === undefined || last === undefined) {
    const older = held?.entries ?? [];
    return capped([...older, ...snapshot.entries], snapshot.dropped, cap);
  }
  const before = held.entries.filter((e) => e.seq < first);
  const after = held.entries.filter((e) => e.seq > last);
  return capped(
    [...before, ...snapshot.entries, ...after],
    Math.max(0, snapshot.dropped - before.length),
    cap,
  );
}

/** Whether an entry matches a filter: its method, kind, id, or (when held) its message text. */
export function trafficMatches(entry: HeldTrafficEntry, needle: string): boolean {
  if (!needle) return true;
  const n = needle.toLowerCase();
  if (entry.method?.toLowerCase().includes(n)) return true;
  if (entry.kind.includes(n)) return true;
  if (entry.rpcId !== undefined && String(entry.rpcId).toLowerCase().includes(n)) return true;
  return entry.message !== undefined && messageText(entry).toLowerCase().includes(n);
}

const texts = new WeakMap<object, string>();

/** The message as JSON text, computed once per entry (filters run on every keystroke). */
export function messageText(entry: HeldTrafficEntry): string {
  if (entry.message === undefined) return "";
  if (typeof entry.message === "string") return entry.message;
  const cached = texts.get(entry);
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = JSON.stringify(entry.message) ?? "";
  } catch {
    text = "(a message that cannot be shown as JSON)";
  }
  texts.set(entry, text);
  return text;
}
