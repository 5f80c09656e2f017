/**
 * The structural diff of two JSON values (split from diff.ts, the line diff): one walk, shared by
 * the watch view's JSON diff and a check's comparison (`check/compare.ts` adds its matchers
 * through `intercept`). Paths are JSON Pointers (RFC 6901, `json-pointer.ts`). Bounded for hostile
 * input: an explicit stack (deep nesting never overflows the call stack), children visited one at
 * a time (a walk that stops has built nothing past where it stopped), optional depth and deadline.
 */
import { joinPointer } from "./json-pointer";

export type JsonChange =
  | { kind: "added"; path: string; after: unknown }
  | { kind: "removed"; path: string; before: unknown }
  | { kind: "changed"; path: string; before: unknown; after: unknown };

export interface JsonDiffResult {
  /** In document order: the before version's keys first, then keys only the after version has. */
  changes: JsonChange[];
  /** More than maxChanges changes exist; `changes` holds the first maxChanges. */
  truncated: boolean;
}

export interface DiffJsonOptions {
  /** Stop after this many changes (default 500). */
  maxChanges?: number;
}

const DEFAULT_MAX_CHANGES = 500;

/** A count option as given, floored and at least 0; `fallback` when absent. */
export function nonNegative(value: number | undefined, fallback: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : Math.max(0, Math.floor(value));
}

/** A value that is absent: a missing key, an index past the end, or `undefined` (as in JSON). */
const MISSING: unique symbol = Symbol("missing");

/**
 * A container pair being walked: its children are visited one at a time from `next`, so a walk
 * that stops (at a cap, out of time) has built nothing for the children it never reached. A 10 M
 * element array costs its first few children, not 10 M tasks (measured before: 78 s, ~1 GB).
 */
interface Frame {
  path: string;
  depth: number;
  a: unknown[] | Record<string, unknown>;
  b: unknown[] | Record<string, unknown>;
  /** Object keys in walk order (the before version's, then the after version's own); null for arrays. */
  keys: string[] | null;
  next: number;
  end: number;
}

function slot(value: unknown): unknown {
  return value === undefined ? MISSING : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function presentKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

const present = (value: unknown) => (value === MISSING ? undefined : value);

export interface WalkJsonOptions {
  /** Pointer of the two values themselves (default ""): every path starts with it. */
  path?: string;
  /**
   * Asked first at every path, with `undefined` for a side that is missing there. Return true to
   * take the path over: nothing is reported for it or below it. How a check applies its matchers.
   */
  intercept?: (path: string, before: unknown, after: unknown) => boolean;
  /** Containers nested deeper than this (the values themselves are depth 0) are not walked. */
  maxDepth?: number;
  /** Told of each container pair below maxDepth that was left unwalked. */
  onTooDeep?: (path: string) => void;
  /** Asked every 1,024 steps: true ends the walk there (a deadline). */
  shouldStop?: () => boolean;
}

/** How a walk ended: it saw everything, or onChange / shouldStop ended it early. */
export type WalkEnd = "done" | "stopped" | "out-of-time";

/**
 * The one structural walk of two JSON values (acyclic, as JSON.parse returns them), shared by
 * the watch view's diff and a check's comparison. Reports each difference to `onChange`, in
 * document order (the before version's keys first, then keys only the after version has), until
 * it returns false. `inArray` says whether the path's last token is an array index.
 *
 * Objects compare by own key, ignoring key order; arrays by index, so growth and shrinkage are
 * added/removed entries at the end; a value whose kind differs (object, array, or a scalar of
 * another type) is one "changed" entry; `null` is a value, so `{a: null}` → `{}` removes "/a". A
 * key whose value is `undefined` counts as missing, as JSON.stringify would have it.
 */
export function walkJson(
  before: unknown,
  after: unknown,
  onChange: (change: JsonChange, inArray: boolean) => boolean | void,
  options: WalkJsonOptions = {},
): WalkEnd {
  const { intercept, shouldStop, onTooDeep } = options;
  const maxDepth = options.maxDepth ?? Infinity;
  // Depth-first with an explicit stack of frames (deeply nested input must not overflow the call
  // stack); a frame yields its children in document order.
  const stack: Frame[] = [];
  let steps = 0;
  /** One pair: reported, descended into (a frame), or equal. False when onChange ended the walk. */
  const visit = (path: string, x: unknown, y: unknown, inArray: boolean, depth: number): boolean => {
    if (intercept?.(path, present(x), present(y))) return true;
    if (x === y) return true;
    let change: JsonChange;
    if (x === MISSING) change = { kind: "added", path, after: y };
    else if (y === MISSING) change = { kind: "removed", path, before: x };
    else if ((Array.isArray(x) && Array.isArray(y)) || (isRecord(x) && isRecord(y))) {
      if (depth >= maxDepth) {
        onTooDeep?.(path);
        return true;
      }
      if (Array.isArray(x)) {
        const b = y as unknown[];
        stack.push({ path, depth, a: x, b, keys: null, next: 0, end: Math.max(x.length, b.length) });
      } else {
        const [a, b] = [x, y as Record<string, unknown>]; // both records here
        const keys = presentKeys(a);
        for (const key of presentKeys(b)) if (!Object.hasOwn(a, key) || a[key] === undefined) keys.push(key);
        stack.push({ path, depth, a, b, keys, next: 0, end: keys.length });
      }
      return true;
    }
    // Different kinds (object, array, scalar), or scalars that differ (`===` failed above).
    else change = { kind: "changed", path, before: x, after: y };
    return onChange(change, inArray) !== false;
  };
  if (!visit(options.path ?? "", slot(before), slot(after), false, 0)) return "stopped";
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if ((steps += 1) % 1_024 === 0 && shouldStop?.()) return "out-of-time";
    if (frame.next >= frame.end) {
      stack.pop();
      continue;
    }
    const i = frame.next;
    frame.next += 1;
    let x: unknown, y: unknown, token: string | number;
    if (frame.keys === null) {
      const [a, b] = [frame.a as unknown[], frame.b as unknown[]];
      [x, y, token] = [i < a.length ? slot(a[i]) : MISSING, i < b.length ? slot(b[i]) : MISSING, i];
    } else {
      token = frame.keys[i]!;
      const [a, b] = [frame.a as Record<string, unknown>, frame.b as Record<string, unknown>];
      x = Object.hasOwn(a, token) ? slot(a[token]) : MISSING;
      y = Object.hasOwn(b, token) ? slot(b[token]) : MISSING;
    }
    // Without an intercept an equal pair needs no path: a long equal array costs no strings.
    if (intercept === undefined && x === y) continue;
    if (!visit(joinPointer(frame.path, token), x, y, frame.keys === null, frame.depth + 1)) return "stopped";
  }
  return "done";
}

/** Structural diff of two JSON values (see walkJson), at most `maxChanges` of them. */
export function diffJson(before: unknown, after: unknown, options: DiffJsonOptions = {}): JsonDiffResult {
  const maxChanges = nonNegative(options.maxChanges, DEFAULT_MAX_CHANGES);
  const changes: JsonChange[] = [];
  let truncated = false;
  walkJson(before, after, (change) => {
    if (changes.length >= maxChanges) {
      truncated = true;
      return false;
    }
    changes.push(change);
  });
  return { changes, truncated };
}

/** Parses both texts as JSON and diffs them structurally; null when either is not JSON. */
export function tryDiffJsonText(
  before: string,
  after: string,
  options: DiffJsonOptions = {},
): JsonDiffResult | null {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(before);
    b = JSON.parse(after);
  } catch {
    return null; // not JSON: the caller shows the line diff instead
  }
  return diffJson(a, b, options);
}
