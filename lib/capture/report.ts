/**
 * A StateDiff (compare.ts) for people and for programs: `diffPretty` for a terminal or a CI log,
 * `diffJson` for a script (issue 25's `diff` command and the `expectSameAs` check step).
 *
 * Decisions:
 * - Pretty output names every change on its own line, in sections (Server, Resources, Templates,
 *   Reads, then what was read on one side only) with `+` added, `-` removed, `~` changed, and ends
 *   with one line: "N changes" or "equal". A section with nothing to say is left out.
 * - Bounded where a server controls the size: a value is cut at 120 characters, a text diff shows at
 *   most `maxTextRows` rows, a JSON or field list `maxFields` entries, a one-side-only list
 *   `maxUris` URIs; each cut says how much it left out. The JSON output is the diff as the
 *   compare budget kept it (lib/capture/compare-budget.ts), with what it left out counted.
 * - Every server-controlled string goes through `printable`: control characters (an ANSI escape
 *   in a resource would repaint the user's terminal) and bidirectional overrides are shown as
 *   `\xNN` / `\uNNNN`, never written raw.
 * - Colour only when the caller asks (`color: true`); the command decides (a TTY, no NO_COLOR).
 * Pure and isomorphic: the page could render the same text.
 */
import type { Mismatch } from "../check/compare";
import { formatBytes } from "../content/content-kind";
import type { LineDiffResult, LineDiffRow } from "../json/diff";
import { joinPointer } from "../json/json-pointer";
import { omittedCount, type DiffOmitted } from "./bounded-diff";
import { changeCount, type BlobFacts, type EntityDiff, type ItemDiff, type StateDiff } from "./compare";
import { skippedText } from "./compare-budget";

export const DIFF_FORMAT = "mcp-resource-inspector-diff";
export const DIFF_VERSION = 1;

export interface DiffReportOptions {
  /** What the two sides are, for the header lines (`--- A`, `+++ B`); omitted when not given. */
  before?: string;
  after?: string;
  color?: boolean;
  /** Rows of one text diff shown (default 40). */
  maxTextRows?: number;
  /** Field or JSON changes shown per entity or content item (default 20). */
  maxFields?: number;
  /** URIs shown per "read on one side only" list (default 10). */
  maxUris?: number;
  /** Entries shown per added, removed or changed list of resources or templates (default 50). */
  maxEntries?: number;
  /** A bounded diff's (bounded-diff.ts): the whole diff's change count, and what its lists left out. */
  changes?: number;
  omitted?: DiffOmitted;
}

const MAX_VALUE_CHARS = 120;

// C0 and C1 controls and DEL (but tab), and the bidirectional embeddings, overrides and isolates.
const UNPRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A server's string as one safe terminal line. */
export function printable(s: string): string {
  return s.replace(UNPRINTABLE, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
  });
}

/** A JSON value, one line, printable and cut to MAX_VALUE_CHARS. */
function value(v: unknown): string {
  // JSON.stringify gives undefined only for undefined, a function or a symbol: none come from JSON.
  const s = printable(v === undefined ? "(absent)" : (JSON.stringify(v) ?? typeof v));
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS - 1)}…` : s;
}

type Paint = (s: string) => string;
type Painter = Record<"added" | "removed" | "changed" | "head" | "dim", Paint>;

function painter(color: boolean): Painter {
  const c =
    (code: string): Paint =>
    (s) =>
      color ? `\u001b[${code}m${s}\u001b[0m` : s;
  return { added: c("32"), removed: c("31"), changed: c("33"), head: c("1"), dim: c("2") };
}

/** `before → after` for one mismatch, its path shown relative to `base`. */
function mismatchLine(m: Mismatch, base: string): string {
  const rel = m.path.startsWith(base) ? m.path.slice(base.length) : m.path;
  const field = printable(rel.replace(/^\//, "")) || "(value)";
  switch (m.problem) {
    case "different":
    case "missing":
    case "unexpected":
      return `${field}: ${value(m.expected)} → ${value(m.actual)}`;
    default:
      return `${field}: ${printable(m.message)}`;
  }
}

/** The header, the sections and the last line, as text ending in a newline. */
export function diffPretty(diff: StateDiff, options: DiffReportOptions = {}): string {
  const p = painter(options.color ?? false);
  const maxFields = options.maxFields ?? 20;
  const maxRows = options.maxTextRows ?? 40;
  const maxUris = options.maxUris ?? 10;
  const maxEntries = options.maxEntries ?? 50;
  const out: string[] = [];
  if (options.before !== undefined) out.push(p.removed(`--- ${printable(options.before)}`));
  if (options.after !== undefined) out.push(p.added(`+++ ${printable(options.after)}`));

  const fields = (lines: string[], ms: readonly Mismatch[], base: string, prefix: string) => {
    for (const m of ms.slice(0, maxFields)) lines.push(p.changed(`${prefix}${mismatchLine(m, base)}`));
    if (ms.length > maxFields) lines.push(p.dim(`    … and ${ms.length - maxFields} more changed fields`));
  };
  const section = (title: string, lines: string[]) => {
    if (lines.length > 0) out.push(p.head(title), ...lines);
  };

  const server: string[] = [];
  fields(server, diff.server, "/server", "  ~ ");
  section("Server", server);

  const entities = <T extends object>(
    d: EntityDiff<T>,
    keyOf: (t: T) => string,
    base: string,
    cut: { added: number; removed: number; changed: number } | undefined,
  ) => {
    const lines: string[] = [];
    const label = (t: T) => {
      const name = (t as { name?: unknown }).name;
      return typeof name === "string" && name !== "" ? p.dim(`  (${value(name)})`) : "";
    };
    /** "… and N more added": what this report leaves out plus what the bounded diff left out. */
    const more = (shown: number, total: number, already: number, what: string) => {
      const n = total - shown + already;
      if (n > 0) lines.push(p.dim(`  … and ${n.toLocaleString("en")} more ${what}`));
    };
    for (const t of d.added.slice(0, maxEntries))
      lines.push(p.added(`  + ${printable(keyOf(t))}`) + label(t));
    more(Math.min(maxEntries, d.added.length), d.added.length, cut?.added ?? 0, "added");
    for (const t of d.removed.slice(0, maxEntries))
      lines.push(p.removed(`  - ${printable(keyOf(t))}`) + label(t));
    more(Math.min(maxEntries, d.removed.length), d.removed.length, cut?.removed ?? 0, "removed");
    for (const c of d.changed.slice(0, maxEntries))
      fields(lines, c.fields, joinPointer(base, c.key), `  ~ ${printable(c.key)}: `);
    more(Math.min(maxEntries, d.changed.length), d.changed.length, cut?.changed ?? 0, "changed");
    return lines;
  };
  section(
    "Resources",
    entities(diff.resources, (r) => r.uri, "/resources", options.omitted?.resources),
  );
  section(
    "Templates",
    entities(diff.templates, (t) => t.uriTemplate, "/templates", options.omitted?.templates),
  );

  const reads: string[] = [];
  for (const r of diff.reads) {
    const uri = printable(r.uri);
    if (r.error) {
      const side = (s: string | undefined) => (s === undefined ? "a result" : `error ${value(s)}`);
      reads.push(p.changed(`  ~ ${uri}: ${side(r.error.before)} → ${side(r.error.after)}`));
      continue;
    }
    for (const item of r.items) reads.push(...itemLines(r.uri, item, p, maxFields, maxRows));
    reads.push(...omittedItemsLine(r.uri, r.itemsOmitted, p));
  }
  section("Reads", reads);

  const only: string[] = [];
  const list = (side: string, uris: readonly string[]) => {
    if (uris.length === 0) return;
    only.push(`  ${side} only (${uris.length}):`);
    for (const u of uris.slice(0, maxUris)) only.push(p.dim(`    ${printable(u)}`));
    if (uris.length > maxUris) only.push(p.dim(`    … and ${uris.length - maxUris} more`));
  };
  list("before", diff.readOnly.before);
  list("after", diff.readOnly.after);
  section("Read on one side only (not compared)", only);

  // What the budget left out, said before the count (a CI log shows why "equal" is not claimed).
  const left = options.omitted ? omittedCount(options.omitted) : 0;
  if (left > 0) out.push(p.dim(`${left} more entries counted, not listed (the report's caps)`));
  const skipped = skippedText(diff.skipped);
  if (skipped) out.push(p.changed(printable(skipped)));
  const n = options.changes ?? changeCount(diff);
  out.push(p.head(diff.equal ? "equal" : `${n} change${n === 1 ? "" : "s"}`));
  return `${out.join("\n")}\n`;
}

function itemLines(rawUri: string, item: ItemDiff, p: Painter, maxFields: number, maxRows: number): string[] {
  const uri = printable(rawUri);
  const base = joinPointer(joinPointer(joinPointer("/reads", rawUri), "contents"), item.index);
  const at = `  ~ ${uri} [${item.index}]`;
  switch (item.kind) {
    case "added":
      return [p.added(`  + ${uri} [${item.index}]: a content item ${itemSummary(item.after)}`)];
    case "removed":
      return [p.removed(`  - ${uri} [${item.index}]: a content item ${itemSummary(item.before)}`)];
    case "fields": {
      const lines = item.fields.slice(0, maxFields).map((m) => p.changed(`${at} ${mismatchLine(m, base)}`));
      if (item.fields.length > maxFields)
        lines.push(p.dim(`    … and ${item.fields.length - maxFields} more changed fields`));
      return lines;
    }
    case "json": {
      const lines = [p.changed(`${at} JSON text:`)];
      for (const m of item.changes.slice(0, maxFields))
        lines.push(p.changed(`      ${mismatchLine(m, item.path)}`));
      if (item.changes.length > maxFields)
        lines.push(p.dim(`      … and ${item.changes.length - maxFields} more JSON changes`));
      return lines;
    }
    case "binary":
      return [p.changed(`${at} blob: ${blobText(item.before)} → ${blobText(item.after)}`)];
    case "text":
      return [p.changed(`${at} text:`), ...hunkLines(item.lines, p, maxRows)];
  }
}

/** A read's items past the budget's cap: one line. */
function omittedItemsLine(rawUri: string, n: number | undefined, p: Painter): string[] {
  return n
    ? [p.dim(`  ~ ${printable(rawUri)}: ${n} more content items not compared (the budget's cap)`)]
    : [];
}

function itemSummary(item: Record<string, unknown>): string {
  if (typeof item.text === "string") return `(text, ${item.text.length} characters)`;
  if (typeof item.blob === "string") return `(blob, ${item.blob.length} base64 characters)`;
  return "";
}

function blobText(b: BlobFacts): string {
  return `${formatBytes(b.bytes)} (fp ${b.fingerprint}${b.mimeType ? `, ${value(b.mimeType)}` : ""})`;
}

/** Unified-style hunks (`@@ -a,b +c,d @@`) from the line diff's rows, at most `maxRows` rows. */
function hunkLines(d: LineDiffResult, p: Painter, maxRows: number): string[] {
  const pad = "      ";
  if (d.truncated) {
    const s = d.skipped!;
    const why = s.reason === "too-large" ? `${formatBytes(s.bytes)} differ` : "too many edits to show";
    return [
      p.dim(
        `${pad}lines ${s.oldLine}–${s.oldLine + s.oldLines - 1} before, ${s.newLine}–${s.newLine + s.newLines - 1} after differ (${why})`,
      ),
    ];
  }
  const hunks: LineDiffRow[][] = [];
  let current: LineDiffRow[] = [];
  for (const row of d.rows) {
    if (row.kind === "gap") {
      if (current.length) hunks.push(current);
      current = [];
    } else current.push(row);
  }
  if (current.length) hunks.push(current);
  const lines: string[] = [];
  let shown = 0;
  for (const h of hunks) {
    if (shown >= maxRows) break;
    const olds = h.filter((r) => r.kind !== "added");
    const news = h.filter((r) => r.kind !== "removed");
    const start = (rows: LineDiffRow[], key: "oldLine" | "newLine") => {
      const first = rows[0] as Record<string, number> | undefined;
      return first ? first[key]! : 0;
    };
    lines.push(
      p.dim(
        `${pad}@@ -${start(olds, "oldLine")},${olds.length} +${start(news, "newLine")},${news.length} @@`,
      ),
    );
    for (const row of h) {
      if (shown >= maxRows) break;
      shown += 1;
      const text = printable(row.kind === "gap" ? "" : row.text);
      const eol = "noNewlineAtEnd" in row && row.noNewlineAtEnd ? p.dim("  (no newline at end)") : "";
      if (row.kind === "added") lines.push(p.added(`${pad}+${text}`) + eol);
      else if (row.kind === "removed") lines.push(p.removed(`${pad}-${text}`) + eol);
      else lines.push(p.dim(`${pad} ${text}`) + eol);
    }
  }
  const total = hunks.reduce((n, h) => n + h.length, 0);
  if (total > shown)
    lines.push(p.dim(`${pad}… ${total - shown} more diff lines (+${d.added} -${d.removed} in all)`));
  return lines;
}

export interface DiffJsonMeta {
  before?: string;
  after?: string;
  /** A bounded diff's whole change count and what its lists left out (bounded-diff.ts). */
  changes?: number;
  omitted?: DiffOmitted;
}

/**
 * The diff for a program: a `format`/`version` header, what the sides were, `equal`, the change
 * count, then the StateDiff's parts in a fixed order.
 */
export function diffJson(diff: StateDiff, meta: DiffJsonMeta = {}): string {
  const doc = {
    format: DIFF_FORMAT,
    version: DIFF_VERSION,
    ...(meta.before !== undefined ? { before: meta.before } : {}),
    ...(meta.after !== undefined ? { after: meta.after } : {}),
    equal: diff.equal,
    changes: meta.changes ?? changeCount(diff),
    server: diff.server,
    resources: entityJson(diff.resources),
    templates: entityJson(diff.templates),
    reads: diff.reads,
    readOnly: { before: diff.readOnly.before, after: diff.readOnly.after },
    // What the budget left out, when it did: the lists' caps, and what was not compared at all.
    ...(meta.omitted && omittedCount(meta.omitted) > 0 ? { omitted: meta.omitted } : {}),
    ...(skippedText(diff.skipped) !== null ? { skipped: diff.skipped } : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function entityJson<T>(d: EntityDiff<T>) {
  return { added: d.added, removed: d.removed, changed: d.changed, unchanged: d.unchanged };
}
