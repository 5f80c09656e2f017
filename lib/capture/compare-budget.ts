/**
 * The one budget of a comparison (issue 32): the `/api/compare` route, the `diff` command, a
 * check's `expectSameAs` and watch mode's last-build diff all compare under `COMPARE_BUDGET`.
 * Measured before it: two 196 KB captures of 2,000 reads each froze the app 417 s (a 200 ms line
 * diff per read, one after another), a 10 M element JSON array built 10 M mismatches (78 s), and
 * two 88 KB captures answered 175 MB. Now each input has a cap, the whole comparison a deadline
 * and an answer size, and what was left out is counted (`CompareSkipped`), never silently dropped.
 * Pure and isomorphic: the caller brings the clock's pauses (server/capture/compare.ts).
 */

export interface CompareBudget {
  /** The whole comparison, in ms: past it the remaining reads are counted, not compared. */
  timeMs: number;
  /** The answer's JSON, in bytes (listings and reads as kept): past it, entries are counted. */
  maxBytes: number;
  /** Content items compared per read; the rest are counted. */
  maxItemsPerRead: number;
  /** Mismatches one walk (a listing entry, the card, a JSON text) builds before it stops. */
  maxMismatches: number;
  /** Entries kept per list (added, removed, changed, reads, read on one side only). */
  maxEntries: number;
  /** A JSON text compares by structure up to this many characters (both sides), else by line. */
  maxJsonChars: number;
  /** JSON nested deeper is not compared below this depth (counted). */
  maxDepth: number;
  /** One text's line diff: its differing region in bytes, its edits, its time. */
  maxTextBytes: number;
  maxTextEdits: number;
  textTimeoutMs: number;
  /** Rows of one line diff kept in the answer. */
  maxTextRows: number;
}

export const COMPARE_BUDGET: Readonly<CompareBudget> = Object.freeze({
  timeMs: 3_000,
  maxBytes: 8 * 1024 * 1024,
  maxItemsPerRead: 100,
  maxMismatches: 200,
  maxEntries: 500,
  // JSON.parse costs ~60 ms a MB here (20 MB: 1.2 s), and a parsed `{}` about 56 bytes.
  maxJsonChars: 2 * 1024 * 1024,
  maxDepth: 256,
  maxTextBytes: 2 * 1024 * 1024,
  maxTextEdits: 1_000,
  textTimeoutMs: 200,
  maxTextRows: 400,
});

/** What a comparison left out, by cause; all zero (and no `stopped`) when it compared everything. */
export interface CompareSkipped {
  /** Reads both sides made that were not compared: the time or byte budget ran out first. */
  reads: number;
  /** Listing entries (resources, templates) not compared: the time budget ran out first. */
  entries: number;
  /** Content items past maxItemsPerRead, over all reads. */
  items: number;
  /** Walks that stopped early (at maxMismatches, or out of time): each may hide more changes. */
  walks: number;
  /** JSON values nested deeper than maxDepth, not compared below it. */
  deep: number;
  /** Why the comparison ended before the end, when it did. */
  stopped?: "time" | "bytes" | "cancelled";
}

export function noneSkipped(): CompareSkipped {
  return { reads: 0, entries: 0, items: 0, walks: 0, deep: 0 };
}

/** Anything left uncompared that could hide a difference (a truncated walk has already found one). */
export function incomplete(s: CompareSkipped): boolean {
  return s.reads + s.entries + s.items + s.deep > 0 || s.stopped !== undefined;
}

/** One sentence of what was skipped, or null: the page, the CLI report and a check failure say it. */
export function skippedText(s: CompareSkipped, budget: CompareBudget = COMPARE_BUDGET): string | null {
  const parts: string[] = [];
  const n = (x: number, one: string, many = `${one}s`) => `${x.toLocaleString("en")} ${x === 1 ? one : many}`;
  if (s.reads) parts.push(`${n(s.reads, "read")} not compared`);
  if (s.entries) parts.push(`${n(s.entries, "listing entry", "listing entries")} not compared`);
  if (s.items) parts.push(`${n(s.items, "content item")} past ${budget.maxItemsPerRead} a read not compared`);
  if (s.walks) parts.push(`${n(s.walks, "value")} with more than the changes shown`);
  if (s.deep)
    parts.push(`${n(s.deep, "JSON value")} nested deeper than ${budget.maxDepth} levels not compared`);
  if (parts.length === 0 && s.stopped === undefined) return null;
  const why =
    s.stopped === "time"
      ? ` (the ${budget.timeMs / 1000} s time budget ran out)`
      : s.stopped === "bytes"
        ? ` (the answer reached its ${Math.round(budget.maxBytes / 1024 / 1024)} MB budget)`
        : s.stopped === "cancelled"
          ? " (cancelled)"
          : "";
  return `Not everything was compared: ${parts.join(", ") || "the comparison stopped"}${why}.`;
}

/**
 * A comparison's running account: its deadline, the bytes its answer holds so far, what it
 * skipped, and whether it was cancelled. One per request, shared by the compare and the bounding.
 */
export class CompareMeter {
  readonly skipped = noneSkipped();
  private readonly deadline: number;
  private bytes = 0;

  constructor(
    readonly budget: CompareBudget = COMPARE_BUDGET,
    private readonly signal?: AbortSignal,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = now() + budget.timeMs;
  }

  /** Ms left before the deadline (0 once past it). */
  left(): number {
    return Math.max(0, this.deadline - this.now());
  }

  /** The reason to stop now, if any (and remembered as why the comparison ended). */
  stop(): CompareSkipped["stopped"] {
    if (this.skipped.stopped) return this.skipped.stopped;
    if (this.signal?.aborted) this.skipped.stopped = "cancelled";
    else if (this.left() === 0) this.skipped.stopped = "time";
    else if (this.bytes >= this.budget.maxBytes) this.skipped.stopped = "bytes";
    return this.skipped.stopped;
  }

  /** Counts `chars` of kept JSON; false (and nothing kept) when they would pass the byte budget. */
  take(chars: number): boolean {
    if (this.bytes + chars > this.budget.maxBytes) {
      this.bytes = this.budget.maxBytes;
      this.skipped.stopped ??= "bytes";
      return false;
    }
    this.bytes += chars;
    return true;
  }

  get usedBytes(): number {
    return this.bytes;
  }
}
