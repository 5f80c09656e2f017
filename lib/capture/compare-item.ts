/**
 * One content item read on both sides, compared (split from compare.ts): the fields beside the
 * body as a walk, a JSON text by structure (up to the budget's maxJsonChars), any other text by
 * line, a blob by size and fingerprint. Every walk and line diff runs within one slice of the
 * comparison's budget (compare-budget.ts), so no single item blocks for longer. Pure.
 */
import { compareWithin, findMatcher, type CompareLimits, type Mismatch } from "../check/compare";
import type { Matcher } from "../check/schema";
import { base64ByteLength } from "../content/base64";
import { diffText, type LineDiffResult } from "../json/diff";
import type { BlobFacts, ContentItem, ItemDiff } from "./diff-shape";
import type { CompareMeter } from "./compare-budget";

/** An `ignore` matcher names this path. */
export function ignored(matchers: Record<string, Matcher>, path: string): boolean {
  return findMatcher(matchers, path)?.type === "ignore";
}

/** One walk's limits: the budget's caps, and a deadline of one slice (a walk never blocks longer). */
function walkLimits(meter: CompareMeter): CompareLimits {
  const { maxMismatches, maxDepth, textTimeoutMs } = meter.budget;
  const until = performance.now() + Math.min(meter.left(), textTimeoutMs);
  return {
    maxMismatches,
    maxDepth,
    shouldStop: () => performance.now() >= until || meter.stop() !== undefined,
  };
}

/** compareWithin under the meter: what it skipped is counted there. */
export function walk(
  meter: CompareMeter,
  x: unknown,
  y: unknown,
  matchers: Record<string, Matcher>,
  path: string,
) {
  const found = compareWithin(x, y, matchers, path, walkLimits(meter));
  if (found.truncated) meter.skipped.walks += 1;
  meter.skipped.deep += found.tooDeep;
  return found;
}

export function compareItem(
  index: number,
  path: string,
  p: ContentItem,
  q: ContentItem,
  matchers: Record<string, Matcher>,
  meter: CompareMeter,
): ItemDiff[] {
  const out: ItemDiff[] = [];
  const body = (c: ContentItem) => ("text" in c ? "text" : "blob");
  // Everything but the body compares as fields; the body gets the diff that suits it.
  const rest = (c: ContentItem) => {
    const { text: _t, blob: _b, ...others } = c as Record<string, unknown>;
    return { ...others, body: body(c) };
  };
  const fields = walk(meter, rest(p), rest(q), matchers, path).mismatches;
  if (fields.length > 0) out.push({ index, kind: "fields", fields });
  if (body(p) !== body(q)) return out; // text ↔ blob: the fields say so; the bodies do not compare
  if ("text" in p && "text" in q) {
    const at = `${path}/text`;
    if (p.text === q.text || ignored(matchers, at)) return out;
    // A regex, type or json matcher on the text judges it (a check's "the text matches /…/").
    const judge = findMatcher(matchers, at);
    if (judge !== undefined && judge.type !== "exact") {
      const judged = walk(meter, p.text, q.text, matchers, at).mismatches;
      if (judged.length > 0) out.push({ index, kind: "fields", fields: judged });
      return out;
    }
    const json = jsonChanges(p.text, q.text, at, matchers, meter);
    if (json) {
      if (json.mismatches.length > 0)
        out.push({
          index,
          kind: "json",
          path: at,
          changes: json.mismatches,
          ...(json.truncated ? { truncated: true as const } : {}),
        });
    } else out.push({ index, kind: "text", path: at, lines: lineDiff(p.text, q.text, meter) });
    return out;
  }
  const pb = (p as { blob: string }).blob;
  const qb = (q as { blob: string }).blob;
  const at = `${path}/blob`;
  if (pb !== qb && !ignored(matchers, at))
    out.push({ index, kind: "binary", path: at, before: blobFacts(p, pb), after: blobFacts(q, qb) });
  return out;
}

function lineDiff(a: string, b: string, meter: CompareMeter): LineDiffResult {
  const { budget } = meter;
  return diffText(a, b, {
    maxBytes: budget.maxTextBytes,
    maxEdits: budget.maxTextEdits,
    // Never past the comparison's deadline; 1 ms at least, as 0 would mean "no timeout".
    timeoutMs: Math.max(1, Math.min(budget.textTimeoutMs, meter.left())),
  });
}

/**
 * Both texts parse as JSON objects or arrays (and together fit maxJsonChars): their structural
 * changes, possibly none. A larger JSON text compares by line, which bounds itself by bytes: a
 * parsed 20 MB array costs 1.2 s and ~200 MB before the first mismatch.
 */
function jsonChanges(
  a: string,
  b: string,
  path: string,
  matchers: Record<string, Matcher>,
  meter: CompareMeter,
): { mismatches: Mismatch[]; truncated: boolean } | null {
  if (a.length + b.length > meter.budget.maxJsonChars) return null;
  const parse = (s: string): unknown => {
    const t = s.trimStart();
    if (t[0] !== "{" && t[0] !== "[") return undefined;
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return undefined;
    }
  };
  const x = parse(a);
  const y = x === undefined ? undefined : parse(b);
  if (x === undefined || y === undefined) return null;
  return walk(meter, x, y, matchers, path);
}

function blobFacts(item: ContentItem, blob: string): BlobFacts {
  return {
    bytes: base64ByteLength(blob),
    fingerprint: fnv1a(blob),
    ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}),
  };
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
