/**
 * "What changed since the previous version" of a watched resource: a line diff with context for
 * any text, and a structural diff for JSON. Pure and isomorphic; the line diff itself is jsdiff's
 * (`diff` package) Myers diff.
 *
 * Decisions:
 * - Rows are a discriminated union. Unchanged lines far from any change collapse into one
 *   `gap` row that says how many lines it hides and where they start, so a viewer can render
 *   "⋯ 120 unchanged lines" (or expand them from the texts it already has).
 * - A row's `text` is the line without its terminator (`\n` or `\r\n`). The last line of a text
 *   that does not end with a newline carries `noNewlineAtEnd: true`, so adding or removing a final
 *   newline shows as a removed/added pair that differs only by that flag (like git's
 *   "\ No newline at end of file"). A CRLF ↔ LF change likewise shows as a pair of equal texts.
 * - Work is bounded, because Myers costs O(N·D) time and memory (measured: about 350 ms for
 *   1,000 edits, 1.3 s for 2,000). Lines the two versions share at the start and at the end are
 *   matched first in linear time, so a small edit or an append to a large text stays cheap. Only
 *   the region between them is diffed, and only when it is at most `maxBytes`; the diff is
 *   abandoned past `maxEdits` added + removed lines or `timeoutMs`. Then the result is
 *   `truncated` with no rows, and `skipped` locates the region that differs.
 * - JSON paths are JSON Pointers (RFC 6901, `json-pointer.ts`): unambiguous for any key, and the
 *   form JSON Patch uses. The structural walk (`walkJson`) is also what a check compares with
 *   (`check/compare.ts` adds its matchers through `intercept`).
 */
import { diffLines } from "diff";
import { utf8ByteLength } from "../content/content-kind";

export {
  diffJson,
  tryDiffJsonText,
  walkJson,
  type DiffJsonOptions,
  type JsonChange,
  type JsonDiffResult,
  type WalkEnd,
  type WalkJsonOptions,
} from "./json-walk";
import { nonNegative } from "./json-walk";

/** One row of a line diff, in display order. Line numbers are 1-based. */
export type LineDiffRow =
  | { kind: "context"; oldLine: number; newLine: number; text: string; noNewlineAtEnd?: true }
  | { kind: "removed"; oldLine: number; text: string; noNewlineAtEnd?: true }
  | { kind: "added"; newLine: number; text: string; noNewlineAtEnd?: true }
  /** `hidden` unchanged lines, the first of them at `oldLine` (before) and `newLine` (after). */
  | { kind: "gap"; oldLine: number; newLine: number; hidden: number };

export interface DiffTextOptions {
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
  /** Largest differing region, in UTF-8 bytes of both versions together, to diff (default 2 MB). */
  maxBytes?: number;
  /** Give up past this many added + removed lines (default 1,000). */
  maxEdits?: number;
  /** Give up after this long (default 200 ms): a backstop for slow machines. */
  timeoutMs?: number;
}

/** Where the two versions differ, when that region was not diffed. */
export interface SkippedRegion {
  /** "too-large": the region exceeds maxBytes; "too-many-edits": maxEdits or timeoutMs was hit. */
  reason: "too-large" | "too-many-edits";
  /** The region is every line outside the lines both versions share at their start and end. */
  oldLine: number;
  oldLines: number;
  newLine: number;
  newLines: number;
  /** UTF-8 bytes of the region, both versions together (at least maxBytes + 1 when too large). */
  bytes: number;
}

export interface LineDiffResult {
  /** Empty when nothing changed, and when truncated. */
  rows: LineDiffRow[];
  /** Added and removed lines; when truncated, the region's line counts (an upper bound). */
  added: number;
  removed: number;
  truncated: boolean;
  /** Set exactly when truncated. */
  skipped?: SkippedRegion;
  /** Rows past the first ones a bounded copy keeps (lib/capture/bound-values.ts); absent: all rows. */
  rowsOmitted?: number;
}

const DEFAULT_CONTEXT = 3;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_EDITS = 1_000;
const DEFAULT_TIMEOUT_MS = 200;

/**
 * Line diff of two texts, with `context` unchanged lines around each change and the rest
 * collapsed into `gap` rows. See the module comment for the bounds.
 */
export function diffText(before: string, after: string, options: DiffTextOptions = {}): LineDiffResult {
  if (before === after) return { rows: [], added: 0, removed: 0, truncated: false };
  const context = nonNegative(options.context, DEFAULT_CONTEXT);
  const maxBytes = nonNegative(options.maxBytes, DEFAULT_MAX_BYTES);

  const { start, oldEnd, newEnd } = differingRegion(before, after);
  const prefixLines = countNewlines(before, 0, start);
  const oldMiddle = before.slice(start, oldEnd);
  const newMiddle = after.slice(start, newEnd);

  const skip = (reason: SkippedRegion["reason"], bytes: number): LineDiffResult => {
    const oldLines = countLines(oldMiddle, 0);
    const newLines = countLines(newMiddle, 0);
    const region = { oldLine: prefixLines + 1, oldLines, newLine: prefixLines + 1, newLines };
    return {
      rows: [],
      added: newLines,
      removed: oldLines,
      truncated: true,
      skipped: { reason, ...region, bytes },
    };
  };

  // UTF-8 takes at least one byte per UTF-16 unit, so a long region is too large without counting.
  const regionChars = oldMiddle.length + newMiddle.length;
  if (regionChars > maxBytes) return skip("too-large", Math.max(regionChars, maxBytes + 1));
  const regionBytes = utf8ByteLength(oldMiddle) + utf8ByteLength(newMiddle);
  if (regionBytes > maxBytes) return skip("too-large", regionBytes);

  const maxEdits = nonNegative(options.maxEdits, DEFAULT_MAX_EDITS);
  if (fewestEdits(oldMiddle, newMiddle, maxEdits) > maxEdits) return skip("too-many-edits", regionBytes);
  const changes = diffLines(oldMiddle, newMiddle, {
    oneChangePerToken: true,
    maxEditLength: maxEdits,
    timeout: nonNegative(options.timeoutMs, DEFAULT_TIMEOUT_MS),
  });
  if (changes === undefined) return skip("too-many-edits", regionBytes);

  const entries: Entry[] = [];
  const leading = lastLines(before, start, context);
  for (const line of leading) entries.push({ kind: "context", line });
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const kind = change.added ? "added" : change.removed ? "removed" : "context";
    if (kind === "added") added += 1;
    else if (kind === "removed") removed += 1;
    entries.push({ kind, line: change.value });
  }
  const trailing = firstLines(before, oldEnd, context);
  for (const line of trailing) entries.push({ kind: "context", line });

  const firstLine = prefixLines - leading.length + 1;
  const rows: LineDiffRow[] = [];
  if (firstLine > 1) rows.push({ kind: "gap", oldLine: 1, newLine: 1, hidden: firstLine - 1 });
  const end = layoutRows(entries, context, firstLine, rows);
  const hiddenAtEnd = countLines(before, oldEnd) - trailing.length;
  if (hiddenAtEnd > 0) pushGap(rows, end.oldLine, end.newLine, hiddenAtEnd);
  return { rows, added, removed, truncated: false };
}

/**
 * A lower bound on the added + removed lines any line diff of the two regions needs: a line kept
 * must be in both, so at least every line beyond the common multiset changes. Linear, so two texts
 * with no line in common are known to be past maxEdits at once instead of after Myers' timeout
 * (measured: 2,000 such reads took the 200 ms timeout each, 417 s in all). Stops counting past
 * `cap` lines on a side, where the answer is already "more than cap".
 */
function fewestEdits(before: string, after: string, cap: number): number {
  const counts = new Map<string, number>();
  let olds = 0;
  for (const line of eachLine(before)) {
    counts.set(line, (counts.get(line) ?? 0) + 1);
    olds += 1;
  }
  let news = 0;
  let common = 0;
  for (const line of eachLine(after)) {
    news += 1;
    const n = counts.get(line) ?? 0;
    if (n > 0) {
      counts.set(line, n - 1);
      common += 1;
    }
    if (news - common > cap) return news - common;
  }
  return olds + news - 2 * common;
}

/** The lines of `text`, each with its terminator (as jsdiff's diffLines splits them). */
function* eachLine(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline + 1;
    yield text.slice(start, end);
    start = end;
  }
}

interface Entry {
  kind: "context" | "added" | "removed";
  /** The line with its terminator, if it has one. */
  line: string;
}

/**
 * Character offsets of the region that differs: `[start, oldEnd)` of before and `[start, newEnd)`
 * of after, where `start` is a line start shared by both and the texts after `oldEnd`/`newEnd` are
 * equal whole lines. Linear time, and no copy of the (possibly huge) common parts.
 */
function differingRegion(before: string, after: string): { start: number; oldEnd: number; newEnd: number } {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  // Back up to the start of the line the first difference is on (both texts agree up to there).
  const start = prefix === 0 ? 0 : before.lastIndexOf("\n", prefix - 1) + 1;

  let suffix = 0;
  const maxSuffix = shorter - start;
  while (
    suffix < maxSuffix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix += 1;
  }
  // The common suffix must begin at a line start in both texts; otherwise skip to its first full line.
  let oldEnd = before.length - suffix;
  if (!isLineStart(before, oldEnd, start) || !isLineStart(after, after.length - suffix, start)) {
    const newline = before.indexOf("\n", oldEnd);
    oldEnd = newline < 0 ? before.length : newline + 1;
  }
  return { start, oldEnd, newEnd: after.length - (before.length - oldEnd) };
}

function isLineStart(text: string, index: number, regionStart: number): boolean {
  return index === regionStart || text.charCodeAt(index - 1) === 10; // "\n"
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}

/** Lines in `text` from `from` (a line start) to its end; a last line without "\n" counts. */
function countLines(text: string, from: number): number {
  if (from >= text.length) return 0;
  return countNewlines(text, from, text.length) + (text.endsWith("\n") ? 0 : 1);
}

/** Up to `n` whole lines that end right before `end` (a line start), in order. */
function lastLines(text: string, end: number, n: number): string[] {
  const lines: string[] = [];
  let lineEnd = end;
  while (lines.length < n && lineEnd > 0) {
    const lineStart = text.lastIndexOf("\n", lineEnd - 2) + 1;
    lines.push(text.slice(lineStart, lineEnd));
    lineEnd = lineStart;
  }
  return lines.reverse();
}

/** Up to `n` whole lines starting at `start` (a line start). */
function firstLines(text: string, start: number, n: number): string[] {
  const lines: string[] = [];
  let lineStart = start;
  while (lines.length < n && lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline < 0 ? text.length : newline + 1;
    lines.push(text.slice(lineStart, lineEnd));
    lineStart = lineEnd;
  }
  return lines;
}

/**
 * Appends rows for the entries (the first at line `firstLine` of both versions): changes, the
 * context lines within `context` of a change, and a gap row for each run of other lines. Returns
 * the line numbers that follow the last entry.
 */
function layoutRows(
  entries: readonly Entry[],
  context: number,
  firstLine: number,
  rows: LineDiffRow[],
): { oldLine: number; newLine: number } {
  // Distance (in entries) from each entry to the nearest change, in either direction.
  const distance = new Array<number>(entries.length).fill(Infinity);
  let last = -Infinity;
  entries.forEach((entry, i) => {
    if (entry.kind !== "context") last = i;
    distance[i] = i - last;
  });
  last = Infinity;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if (entries[i]?.kind !== "context") last = i;
    distance[i] = Math.min(distance[i] ?? Infinity, last - i);
  }

  let oldLine = firstLine;
  let newLine = firstLine;
  entries.forEach((entry, i) => {
    const { text, noNewlineAtEnd } = splitTerminator(entry.line);
    const eol = noNewlineAtEnd ? { noNewlineAtEnd } : {};
    if (entry.kind === "added") {
      rows.push({ kind: "added", newLine, text, ...eol });
      newLine += 1;
      return;
    }
    if (entry.kind === "removed") {
      rows.push({ kind: "removed", oldLine, text, ...eol });
      oldLine += 1;
      return;
    }
    if ((distance[i] ?? Infinity) <= context) rows.push({ kind: "context", oldLine, newLine, text, ...eol });
    else pushGap(rows, oldLine, newLine, 1);
    oldLine += 1;
    newLine += 1;
  });
  return { oldLine, newLine };
}

/** Adds hidden lines to the previous row when it is a gap, so gaps never touch. */
function pushGap(rows: LineDiffRow[], oldLine: number, newLine: number, hidden: number): void {
  const previous = rows.at(-1);
  if (previous?.kind === "gap") previous.hidden += hidden;
  else rows.push({ kind: "gap", oldLine, newLine, hidden });
}

function splitTerminator(line: string): { text: string; noNewlineAtEnd?: true } {
  if (line.endsWith("\r\n")) return { text: line.slice(0, -2) };
  if (line.endsWith("\n")) return { text: line.slice(0, -1) };
  return { text: line, noNewlineAtEnd: true };
}
