/**
 * The shape of a list change (issue 13): from the URIs a recording saw added, a pattern that the
 * URIs of a replay also fit when a server names things by counter, time or random id. A listed
 * RFC 6570 template that matches them all wins (the server's own word for the family); otherwise
 * a regex where each varying part is generalized by kind.
 */
import { matchTemplate } from "../resources/uri-template";
import { regexRule } from "./compare";
import type { ListShape } from "./schema";
import { minOf } from "../limits/arrays";

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The varying parts a URI may hold, most specific first; each becomes its regex in the pattern. */
const KINDS: readonly { find: RegExp; regex: string }[] = [
  {
    find: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/,
    regex: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
  },
  // ISO 8601 date-times, raw or percent-encoded colons.
  {
    find: /\d{4}-\d{2}-\d{2}T\d{2}(?::|%3A)\d{2}(?:(?::|%3A)\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::|%3A)?\d{2})?/i,
    regex: "\\d{4}-\\d{2}-\\d{2}T[0-9:.%AaZz+-]+",
  },
  // Hex ids with at least one letter and one digit (hashes, object ids).
  { find: /\b(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{8,}\b/, regex: "[0-9a-fA-F]+" },
  // Digits inside a word ("e2e", "v2api") are part of its name, not a counter.
  { find: /(?<![A-Za-z])\d+|\d+(?![A-Za-z])/, regex: "\\d+" },
];

/** The URI with every varying part replaced by its regex; literal text escaped. */
export function generalizeUri(uri: string): string {
  let out = "";
  let rest = uri;
  while (rest.length > 0) {
    let best: { index: number; length: number; regex: string } | null = null;
    for (const k of KINDS) {
      const m = k.find.exec(rest);
      if (m && (best === null || m.index < best.index))
        best = { index: m.index, length: m[0].length, regex: k.regex };
    }
    if (!best) {
      out += escapeRegex(rest);
      break;
    }
    out += escapeRegex(rest.slice(0, best.index)) + best.regex;
    rest = rest.slice(best.index + best.length);
  }
  return out;
}

/**
 * A pattern for `uris` (non-empty): the first listed template matching every one, else the
 * generalized regex when all agree on it, else their common prefix and suffix around `.+`.
 */
export function inferUriPattern(
  uris: readonly string[],
  templates: readonly string[] = [],
): { uriTemplate: string } | { pattern: string } {
  const template = templates.find((t) => uris.every((u) => matchTemplate(t, u) !== null));
  if (template !== undefined && uris.length > 0) return { uriTemplate: template };
  const patterns = [...new Set(uris.map(generalizeUri))];
  if (patterns.length === 1) return { pattern: patterns[0]! };
  const first = uris[0] ?? "";
  let p = first.length;
  let s = first.length;
  for (const u of uris) {
    p = Math.min(p, commonPrefix(first, u));
    s = Math.min(s, commonSuffix(first, u));
  }
  const shortest = minOf(uris.map((u) => u.length));
  if (p + s > shortest) s = shortest - p;
  return { pattern: `${escapeRegex(first.slice(0, p))}.+${escapeRegex(first.slice(first.length - s))}` };
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function commonSuffix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}

/** Whether `uri` fits the shape's template (preferred) or regex; a shape with neither fits all. */
export function fitsShape(shape: Pick<ListShape, "uriTemplate" | "pattern">, uri: string): boolean {
  if (shape.uriTemplate !== undefined) return matchTemplate(shape.uriTemplate, uri) !== null;
  if (shape.pattern !== undefined) {
    try {
      return regexRule(shape.pattern).test(uri);
    } catch {
      return false;
    }
  }
  return true;
}

/** "at least 3", "exactly 1", "2 to 5". */
export function describeCount({ min, max }: { min: number; max?: number | undefined }): string {
  return max === undefined ? `at least ${min}` : min === max ? `exactly ${min}` : `${min} to ${max}`;
}

/** The shape as a person reads it: "≥ 4 URIs like fixture://added-{n}". */
export function describeShape(shape: ListShape): string {
  const { min, max } = shape.count;
  const count = describeCount(shape.count);
  const like = shape.uriTemplate ?? (shape.pattern !== undefined ? `/${shape.pattern}/` : "any URI");
  return `${count} URI${min === 1 && (max === undefined || max === 1) ? "" : "s"} matching ${like}`;
}

/** A recorded count loosened for replay: half of what was seen (at least one), no upper bound. */
export function loosenCount(seen: number): { min: number } {
  return { min: Math.max(1, Math.ceil(seen / 2)) };
}

/** The shape a recorded list change expects of the URIs seen: a loosened count, a pattern, examples. */
export function recordedShape(uris: ReadonlySet<string>, templates: readonly string[]): ListShape {
  return {
    count: loosenCount(uris.size),
    ...inferUriPattern([...uris], templates),
    examples: [...uris].slice(0, 50),
  };
}
