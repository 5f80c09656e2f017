/**
 * What changed between two server states (issue 25): the server card, resources and templates
 * by key, and the contents of every URI both sides read. Paths are JSON Pointers, so the recorded
 * checks' matchers (`ignore`, `regex`, `type`, …, with `*` for any one token) silence the fields
 * that change on their own:
 *
 *   /server/version, /server/capabilities/resources/subscribe
 *   /resources/{uri}/{field}          e.g. /resources/*\/annotations/lastModified
 *   /templates/{uriTemplate}/{field}
 *   /reads/{uri}/contents/{i}/{field} and, for JSON text, /reads/{uri}/contents/{i}/text/{pointer}
 *   /reads/{uri}/error                a read that failed on one side or both
 *
 * A URI is one token (`/` escaped as `~1`). Work is linear in the listings: keyed maps, and a
 * content diff only where two reads differ. Texts get jsdiff's bounded line diff (lib/json/diff.ts),
 * JSON texts a structural diff, blobs their sizes and a fingerprint. Pure and isomorphic.
 *
 * Bounded by one budget (compare-budget.ts, issue 32): a deadline for the whole comparison, a byte
 * size for what it keeps, caps on items per read and mismatches per walk applied while walking.
 * The work is a generator that yields between entries, reads and items: `compareStatesAsync`
 * pauses there (the server lets other requests through) and stops when cancelled.
 */
import type { Matcher } from "../check/schema";
import { joinPointer } from "../json/json-pointer";
import { boundRead, jsonBytes } from "./bound-values";
import { compareItem, ignored, walk } from "./compare-item";
import { CompareMeter, incomplete } from "./compare-budget";
import type { EntityDiff, ItemDiff, ReadDiff, StateDiff } from "./diff-shape";
import { byKey, type ReadOutcome, type ServerState } from "./state";

export type {
  BlobFacts,
  ContentItem,
  EntityChange,
  EntityDiff,
  ItemDiff,
  ReadDiff,
  StateDiff,
} from "./diff-shape";

export interface CompareOptions {
  /** Matchers by JSON Pointer (the check file's); a bare list of paths means `ignore` each. */
  matchers?: Record<string, Matcher>;
  /** The request's account (its budget, deadline, signal); default: a fresh one of COMPARE_BUDGET. */
  meter?: CompareMeter;
}

export interface AsyncCompareOptions extends CompareOptions {
  /** Lets other work run (the server: a `setImmediate` turn); called at most every `sliceMs`. */
  pause: () => Promise<void>;
  sliceMs?: number;
}

export function ignoreMatchers(paths: readonly string[]): Record<string, Matcher> {
  const out: Record<string, Matcher> = {};
  for (const p of paths) out[p] = { type: "ignore" };
  return out;
}

/** The comparison, run to its end (within the meter's budget) without pausing. */
export function compareStates(
  before: ServerState,
  after: ServerState,
  options: CompareOptions = {},
): StateDiff {
  const run = compareSteps(before, after, options);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}

/** The comparison in slices: at most `sliceMs` (default 15) of work between two pauses. */
export async function compareStatesAsync(
  before: ServerState,
  after: ServerState,
  options: AsyncCompareOptions,
): Promise<StateDiff> {
  const run = compareSteps(before, after, options);
  const slice = options.sliceMs ?? 15;
  let since = performance.now();
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
    if (performance.now() - since >= slice) {
      await options.pause();
      since = performance.now();
    }
  }
}

function* compareSteps(
  before: ServerState,
  after: ServerState,
  options: CompareOptions,
): Generator<void, StateDiff, void> {
  const meter = options.meter ?? new CompareMeter();
  const matchers = options.matchers ?? {};
  const server = walk(meter, before.server, after.server, matchers, "/server").mismatches;
  const resources = yield* compareEntities(
    before.resources,
    after.resources,
    (r) => r.uri,
    "/resources",
    matchers,
    meter,
  );
  const templates = yield* compareEntities(
    before.templates,
    after.templates,
    (t) => t.uriTemplate,
    "/templates",
    matchers,
    meter,
  );
  const { reads, readOnly } = yield* compareReads(before.reads, after.reads, matchers, meter);
  const skipped = { ...meter.skipped };
  const equal =
    server.length === 0 &&
    [resources, templates].every((d) => d.added.length + d.removed.length + d.changed.length === 0) &&
    reads.length === 0 &&
    !incomplete(skipped);
  return { equal, server, resources, templates, reads, readOnly, skipped };
}

/** Entries compared between two pauses (a listing entry is a small walk). */
const ENTRIES_PER_STEP = 256;

function* compareEntities<T extends object>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  base: string,
  matchers: Record<string, Matcher>,
  meter: CompareMeter,
): Generator<void, EntityDiff<T>, void> {
  const a = byKey(before, keyOf);
  const b = byKey(after, keyOf);
  const diff: EntityDiff<T> = { added: [], removed: [], changed: [], unchanged: 0 };
  let seen = 0;
  for (const [key, item] of a) {
    if (seen % ENTRIES_PER_STEP === 0) {
      yield;
      if (meter.stop()) {
        // Out of time (or cancelled): the rest of both listings is counted, not compared.
        meter.skipped.entries += a.size - seen + [...b.keys()].filter((k) => !a.has(k)).length;
        return diff;
      }
    }
    seen += 1;
    const path = joinPointer(base, key);
    const other = b.get(key);
    if (other === undefined) {
      if (!ignored(matchers, path)) diff.removed.push(item);
      continue;
    }
    const fields = walk(meter, item, other, matchers, path).mismatches;
    if (fields.length === 0) diff.unchanged += 1;
    else diff.changed.push({ key, before: item, after: other, fields });
  }
  for (const [key, item] of b)
    if (!a.has(key) && !ignored(matchers, joinPointer(base, key))) diff.added.push(item);
  return diff;
}

function* compareReads(
  before: readonly ReadOutcome[],
  after: readonly ReadOutcome[],
  matchers: Record<string, Matcher>,
  meter: CompareMeter,
): Generator<void, { reads: ReadDiff[]; readOnly: StateDiff["readOnly"] }, void> {
  const a = byKey(before, (r) => r.uri);
  const b = byKey(after, (r) => r.uri);
  const reads: ReadDiff[] = [];
  const readOnly: StateDiff["readOnly"] = { before: [], after: [] };
  const { maxTextRows, maxMismatches } = meter.budget;
  for (const [uri, one] of a) {
    const other = b.get(uri);
    if (other === undefined) {
      readOnly.before.push(uri);
      continue;
    }
    yield;
    // Out of time, bytes or cancelled: every read both sides made from here on is counted.
    if (meter.stop()) {
      meter.skipped.reads += 1;
      continue;
    }
    const base = joinPointer("/reads", uri);
    if (ignored(matchers, base)) continue; // `--ignore /reads/{uri}`: a read that changes on its own
    const d = yield* compareRead(uri, base, one, other, matchers, meter);
    if (!d) continue;
    // Kept as it will be sent, and counted against the answer's bytes.
    const kept = boundRead(d, maxMismatches, maxTextRows);
    if (meter.take(jsonBytes(kept))) reads.push(kept);
    else meter.skipped.reads += 1;
  }
  for (const uri of b.keys()) if (!a.has(uri)) readOnly.after.push(uri);
  return { reads, readOnly };
}

function* compareRead(
  uri: string,
  base: string,
  one: ReadOutcome,
  other: ReadOutcome,
  matchers: Record<string, Matcher>,
  meter: CompareMeter,
): Generator<void, ReadDiff | null, void> {
  if ("error" in one || "error" in other) {
    const e1 = "error" in one ? one.error.message : undefined;
    const e2 = "error" in other ? other.error.message : undefined;
    if (e1 === e2 || ignored(matchers, `${base}/error`)) return null;
    return {
      uri,
      error: { ...(e1 !== undefined ? { before: e1 } : {}), ...(e2 !== undefined ? { after: e2 } : {}) },
      items: [],
    };
  }
  const items: ItemDiff[] = [];
  const x = one.result.contents;
  const y = other.result.contents;
  const contents = `${base}/contents`;
  const count = Math.max(x.length, y.length);
  // Items past the cap are never looked at: counted, on the read and in the comparison.
  const compared = Math.min(count, meter.budget.maxItemsPerRead);
  const itemsOmitted = count - compared;
  meter.skipped.items += itemsOmitted;
  for (let i = 0; i < compared; i += 1) {
    if (i > 0) yield;
    const path = joinPointer(contents, i);
    const p = x[i];
    const q = y[i];
    if (ignored(matchers, path)) continue;
    if (p === undefined) items.push({ index: i, kind: "added", after: q! });
    else if (q === undefined) items.push({ index: i, kind: "removed", before: p });
    else items.push(...compareItem(i, path, p, q, matchers, meter));
  }
  if (items.length === 0 && itemsOmitted === 0) return null;
  return { uri, items, ...(itemsOmitted > 0 ? { itemsOmitted } : {}) };
}

/** Added + removed + changed across resources, templates and reads, plus server fields. */
export function changeCount(d: StateDiff): number {
  const e = (x: EntityDiff<unknown>) => x.added.length + x.removed.length + x.changed.length;
  return d.server.length + e(d.resources) + e(d.templates) + d.reads.length;
}
