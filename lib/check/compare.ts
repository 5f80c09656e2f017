/**
 * Compare what a step observed with what the check expects, path by path (JSON Pointer,
 * RFC 6901), under the check's matchers. Returns every mismatch, each naming its path, so a
 * failure report says which field of which step differs.
 */
import { walkJson, type JsonChange } from "../json/diff";
import { parsePointer } from "../json/json-pointer";
import { jsonPreview } from "../json/json-preview";
import type { Matcher } from "./schema";

export interface Mismatch {
  path: string;
  problem: "missing" | "unexpected" | "different" | "no-match" | "wrong-type" | "count";
  expected?: unknown;
  actual?: unknown;
  message: string;
}

/**
 * The regex a `regex` matcher tests with: the whole string must match (anchored), and `.` also
 * matches a newline (dotAll), since resource text is often multi-line. Throws a SyntaxError for an
 * invalid pattern; the draft editor calls it to say so before a run does.
 */
export function regexRule(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, "s");
}

/** A matcher applies to its exact path; a `*` token matches any one token (e.g. every list item). */
export function findMatcher(matchers: Record<string, Matcher>, path: string): Matcher | undefined {
  if (Object.hasOwn(matchers, path)) return matchers[path];
  const pt = parsePointer(path);
  if (pt === null) return undefined;
  for (const [pattern, m] of Object.entries(matchers)) {
    if (!pattern.includes("*")) continue;
    const mt = parsePointer(pattern);
    if (mt?.length === pt.length && mt.every((t, i) => t === "*" || t === pt[i])) return m;
  }
  return undefined;
}

const kindOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
/** A value as a message shows it: its JSON's first 117 characters and "…" when longer than 120. */
const short = (v: unknown) => {
  const s = jsonPreview(v, 120);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
};

/**
 * What a matcher other than "exact" says about one path where both sides are present, or null
 * when the path is compared exactly (no matcher, "exact", or "json" over non-strings).
 */
function applyMatcher(
  m: Matcher,
  path: string,
  expected: unknown,
  actual: unknown,
  limits: CompareLimits,
): Mismatch[] | null {
  switch (m.type) {
    case "exact":
      return null;
    case "ignore":
      return [];
    case "type":
      return kindOf(expected) === kindOf(actual)
        ? []
        : [
            {
              path,
              problem: "wrong-type",
              expected: kindOf(expected),
              actual: kindOf(actual),
              message: `expected a ${kindOf(expected)}, got ${kindOf(actual)}`,
            },
          ];
    case "regex": {
      let re: RegExp;
      try {
        re = regexRule(m.pattern);
      } catch {
        return [
          { path, problem: "no-match", expected: m.pattern, message: `invalid regex ${short(m.pattern)}` },
        ];
      }
      return typeof actual === "string" && re.test(actual)
        ? []
        : [
            {
              path,
              problem: "no-match",
              expected: `/${m.pattern}/`,
              actual,
              message: `${short(actual)} does not match /${m.pattern}/`,
            },
          ];
    }
    case "json": {
      if (typeof expected !== "string" || typeof actual !== "string") return null;
      let e: unknown, a: unknown;
      try {
        e = JSON.parse(expected);
        a = JSON.parse(actual);
      } catch {
        return expected === actual
          ? []
          : [{ path, problem: "different", expected, actual, message: "text is not JSON and differs" }];
      }
      // Structural: report the inner paths that differ, prefixed by this one (within the caps).
      return compareWithin(e, a, {}, "", limits).mismatches.map((x) => ({
        ...x,
        path: `${path}#${x.path}`,
        message: `JSON ${x.path || "(root)"}: ${x.message}`,
      }));
    }
  }
}

/** A difference the walk found, as a check failure says it. */
function toMismatch(change: JsonChange, inArray: boolean): Mismatch {
  const { path } = change;
  const item = inArray ? `item ${path.slice(path.lastIndexOf("/") + 1)}` : "";
  switch (change.kind) {
    case "removed":
      return {
        path,
        problem: "missing",
        expected: change.before,
        message: inArray
          ? `missing ${item}: ${short(change.before)}`
          : `missing (expected ${short(change.before)})`,
      };
    case "added":
      return {
        path,
        problem: "unexpected",
        actual: change.after,
        message: inArray ? `unexpected ${item}: ${short(change.after)}` : `unexpected ${short(change.after)}`,
      };
    case "changed":
      return {
        path,
        problem: "different",
        expected: change.before,
        actual: change.after,
        message: `expected ${short(change.before)}, got ${short(change.after)}`,
      };
  }
}

/** Caps on one comparison's walk (compare's budget, lib/capture/compare-budget.ts). */
export interface CompareLimits {
  /** The walk ends at this many mismatches: none past it is built. */
  maxMismatches?: number;
  /** Containers nested deeper are not compared (counted in `tooDeep`). */
  maxDepth?: number;
  /** A deadline, asked now and then: true ends the walk. */
  shouldStop?: () => boolean;
}

export interface BoundedMismatches {
  mismatches: Mismatch[];
  /** The walk ended at maxMismatches, or out of time: there may be more. */
  truncated: boolean;
  /** The walk ended because shouldStop said so. */
  outOfTime: boolean;
  /** Container pairs below maxDepth left uncompared. */
  tooDeep: number;
}

/**
 * Every mismatch between what a step expects and what it observed: the structural walk of
 * lib/json/diff.ts (the watch view's), with the matchers taking over the paths they name. `ignore`
 * also silences a missing or unexpected value; the other matchers apply where both sides have a
 * value (a missing field is reported as missing). Appends to `out` and returns it.
 */
export function compareValues(
  expected: unknown,
  actual: unknown,
  matchers: Record<string, Matcher>,
  path = "",
  out: Mismatch[] = [],
): Mismatch[] {
  out.push(...compareWithin(expected, actual, matchers, path, {}).mismatches);
  return out;
}

/** compareValues within `limits`: the walk stops at the cap instead of building every mismatch. */
export function compareWithin(
  expected: unknown,
  actual: unknown,
  matchers: Record<string, Matcher>,
  path: string,
  limits: CompareLimits,
): BoundedMismatches {
  const max = limits.maxMismatches ?? Infinity;
  const out: Mismatch[] = [];
  let truncated = false;
  let tooDeep = 0;
  const add = (found: readonly Mismatch[]): boolean => {
    for (const m of found) {
      if (out.length >= max) {
        truncated = true;
        return false;
      }
      out.push(m);
    }
    return true;
  };
  const intercept = (at: string, e: unknown, a: unknown): boolean => {
    const m = findMatcher(matchers, at);
    if (m === undefined) return false;
    if (m.type === "ignore") return true;
    if (e === undefined || a === undefined) return false;
    const found = applyMatcher(m, at, e, a, { ...limits, maxMismatches: max - out.length + 1 });
    if (found === null) return false;
    add(found);
    return true;
  };
  const end = walkJson(
    expected,
    actual,
    // An extra mismatch past the cap only says "there are more": it ends the walk.
    (change, inArray) => !truncated && add([toMismatch(change, inArray)]),
    {
      path,
      // Without matchers, skip the per-path lookup: it would read every (possibly long) path.
      ...(Object.keys(matchers).length > 0 ? { intercept } : {}),
      ...(limits.maxDepth !== undefined ? { maxDepth: limits.maxDepth } : {}),
      onTooDeep: () => {
        tooDeep += 1;
      },
      ...(limits.shouldStop ? { shouldStop: limits.shouldStop } : {}),
    },
  );
  const outOfTime = end === "out-of-time";
  return { mismatches: out, truncated: truncated || outOfTime, outOfTime, tooDeep };
}

/** Index a listing by key so that it compares as a set (order-insensitive). */
export function keyed<T extends Record<string, unknown>>(
  items: readonly T[],
  key: string,
): Record<string, T> {
  // No prototype: a server may list a resource whose uri is "__proto__" or "constructor".
  const out = Object.create(null) as Record<string, T>;
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
