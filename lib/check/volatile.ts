/**
 * Volatile-field detection for recording: the recorder observes each read and list twice, a
 * moment apart, and every path whose value differs gets a looser matcher (with the reason), so a
 * resource that embeds a timestamp or a counter does not make the check flaky.
 */
import { compareValues, type Mismatch } from "./compare";
import type { Matcher } from "./schema";

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A regex matching both strings when they differ only in runs of digits (timestamps, counters,
 * ids): "created at 12:00:01" / "created at 12:00:07" → `created at \d+:\d+:\d+`. Otherwise the
 * common prefix and suffix around any text. Null when nothing useful is shared.
 */
export function generalize(a: string, b: string): string | null {
  const split = (s: string) => s.split(/(\d+)/);
  const ta = split(a);
  const tb = split(b);
  if (ta.length === tb.length && ta.every((t, i) => (i % 2 === 1 ? true : t === tb[i]))) {
    return ta.map((t, i) => (i % 2 === 1 ? "\\d+" : escapeRegex(t))).join("");
  }
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  if (p + s < 4) return null;
  return `${escapeRegex(a.slice(0, p))}[\\s\\S]*${escapeRegex(a.slice(a.length - s))}`;
}

export interface VolatileField {
  path: string;
  matcher: Matcher;
  first: unknown;
  second: unknown;
}

/** Matchers for every path that differed between two observations of the same thing. */
export function detectVolatile(first: unknown, second: unknown, reason: string): VolatileField[] {
  const diffs: Mismatch[] = compareValues(first, second, {});
  return diffs.map((d) => {
    if (d.problem === "different" && typeof d.expected === "string" && typeof d.actual === "string") {
      const pattern = generalize(d.expected, d.actual);
      if (pattern !== null)
        return {
          path: d.path,
          matcher: { type: "regex", pattern, reason },
          first: d.expected,
          second: d.actual,
        };
    }
    if (d.problem === "different" && typeof d.expected === typeof d.actual)
      return { path: d.path, matcher: { type: "type", reason }, first: d.expected, second: d.actual };
    return { path: d.path, matcher: { type: "ignore", reason }, first: d.expected, second: d.actual };
  });
}
