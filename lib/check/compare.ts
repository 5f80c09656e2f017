/**
 * Compare what a step observed with what the check expects, path by path (JSON Pointer,
 * RFC 6901), under the check's matchers. Returns every mismatch, each naming its path, so a
 * failure report says which field of which step differs.
 */
import { stableStringify } from "../list-diff";
import type { Matcher } from "./schema";

export interface Mismatch {
  path: string;
  problem: "missing" | "unexpected" | "different" | "no-match" | "wrong-type" | "count";
  expected?: unknown;
  actual?: unknown;
  message: string;
}

export const escapeToken = (t: string) => t.replace(/~/g, "~0").replace(/\//g, "~1");
export const joinPointer = (base: string, token: string | number) => `${base}/${escapeToken(String(token))}`;

function tokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/");
}

/** A matcher applies to its exact path; a `*` token matches any one token (e.g. every list item). */
export function findMatcher(matchers: Record<string, Matcher>, path: string): Matcher | undefined {
  const exact = matchers[path];
  if (exact) return exact;
  const pt = tokens(path);
  for (const [pattern, m] of Object.entries(matchers)) {
    if (!pattern.includes("*")) continue;
    const mt = tokens(pattern);
    if (mt.length === pt.length && mt.every((t, i) => t === "*" || t === pt[i])) return m;
  }
  return undefined;
}

const kindOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
};

export function compareValues(
  expected: unknown,
  actual: unknown,
  matchers: Record<string, Matcher>,
  path = "",
  out: Mismatch[] = [],
): Mismatch[] {
  const m = findMatcher(matchers, path);
  if (m?.type === "ignore") return out;
  if (m?.type === "type") {
    if (kindOf(expected) !== kindOf(actual))
      out.push({
        path,
        problem: "wrong-type",
        expected: kindOf(expected),
        actual: kindOf(actual),
        message: `expected a ${kindOf(expected)}, got ${kindOf(actual)}`,
      });
    return out;
  }
  if (m?.type === "regex") {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${m.pattern})$`, "s");
    } catch {
      out.push({
        path,
        problem: "no-match",
        expected: m.pattern,
        message: `invalid regex ${short(m.pattern)}`,
      });
      return out;
    }
    if (typeof actual !== "string" || !re.test(actual))
      out.push({
        path,
        problem: "no-match",
        expected: `/${m.pattern}/`,
        actual,
        message: `${short(actual)} does not match /${m.pattern}/`,
      });
    return out;
  }
  if (m?.type === "json" && typeof expected === "string" && typeof actual === "string") {
    let e: unknown, a: unknown;
    try {
      e = JSON.parse(expected);
      a = JSON.parse(actual);
    } catch {
      if (expected !== actual)
        out.push({ path, problem: "different", expected, actual, message: "text is not JSON and differs" });
      return out;
    }
    // Structural: report the inner paths that differ, prefixed by this one.
    const inner = compareValues(e, a, {}, "");
    for (const x of inner)
      out.push({ ...x, path: `${path}#${x.path}`, message: `JSON ${x.path || "(root)"}: ${x.message}` });
    return out;
  }
  if (kindOf(expected) !== kindOf(actual)) {
    out.push({
      path,
      problem: actual === undefined ? "missing" : "different",
      expected,
      actual,
      message:
        actual === undefined
          ? `missing (expected ${short(expected)})`
          : `expected ${short(expected)}, got ${short(actual)}`,
    });
    return out;
  }
  if (Array.isArray(expected)) {
    const a = actual as unknown[];
    const n = Math.max(expected.length, a.length);
    for (let i = 0; i < n; i++) {
      const p = joinPointer(path, i);
      if (i >= a.length)
        out.push({
          path: p,
          problem: "missing",
          expected: expected[i],
          message: `missing item ${i}: ${short(expected[i])}`,
        });
      else if (i >= expected.length)
        out.push({
          path: p,
          problem: "unexpected",
          actual: a[i],
          message: `unexpected item ${i}: ${short(a[i])}`,
        });
      else compareValues(expected[i], a[i], matchers, p, out);
    }
    return out;
  }
  if (expected && typeof expected === "object") {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const k of new Set([...Object.keys(e), ...Object.keys(a)])) {
      const p = joinPointer(path, k);
      if (!(k in a)) {
        if (findMatcher(matchers, p)?.type !== "ignore")
          out.push({
            path: p,
            problem: "missing",
            expected: e[k],
            message: `missing (expected ${short(e[k])})`,
          });
      } else if (!(k in e)) {
        if (findMatcher(matchers, p)?.type !== "ignore")
          out.push({ path: p, problem: "unexpected", actual: a[k], message: `unexpected ${short(a[k])}` });
      } else compareValues(e[k], a[k], matchers, p, out);
    }
    return out;
  }
  if (expected !== actual)
    out.push({
      path,
      problem: "different",
      expected,
      actual,
      message: `expected ${short(expected)}, got ${short(actual)}`,
    });
  return out;
}

/** Index a listing by key so that it compares as a set (order-insensitive). */
export function keyed<T extends Record<string, unknown>>(
  items: readonly T[],
  key: string,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const item of items) out[String(item[key])] = item;
  return out;
}

export interface ListCompare {
  ordered: boolean;
  containsAtLeast: boolean;
  count?: { min?: number; max?: number };
}

/** Compare two listings as sets keyed by `key` (or by position when ordered), with count bounds. */
export function compareLists(
  expected: readonly Record<string, unknown>[],
  actual: readonly Record<string, unknown>[],
  key: string,
  compare: ListCompare,
  matchers: Record<string, Matcher>,
): Mismatch[] {
  const out: Mismatch[] = [];
  const { count } = compare;
  if (
    count &&
    ((count.min !== undefined && actual.length < count.min) ||
      (count.max !== undefined && actual.length > count.max))
  ) {
    out.push({
      path: "/items",
      problem: "count",
      expected: count,
      actual: actual.length,
      message: `expected between ${count.min ?? 0} and ${count.max ?? "∞"} items, got ${actual.length}`,
    });
  }
  if (compare.ordered) {
    compareValues(expected, actual, matchers, "/items", out);
  } else {
    compareValues(keyed(expected, key), keyed(actual, key), matchers, "/items", out);
  }
  return compare.containsAtLeast
    ? out.filter((m) => !(m.problem === "unexpected" && m.path.split("/").length === 3))
    : out;
}

export const sameJson = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);
