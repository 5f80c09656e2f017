/**
 * A StateDiff as it may be kept on a session or sent to the page (issue 25, 32): every list capped
 * at the budget's `maxEntries` with the rest counted, every value a server chose clipped
 * (bound-values.ts), and the whole answer within the budget's bytes: entries are kept in order
 * (server card, listings, one-side URIs, reads) while they fit, the rest counted. Two servers that
 * differ in 10k resources would otherwise send 10k resource objects to every tab. Pure.
 */
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { clip, MAX_URI_CHARS } from "../limits/bounds";
import { boundEntity, boundMismatch, boundRead, jsonBytes } from "./bound-values";
import { changeCount, type EntityDiff, type StateDiff } from "./compare";
import { COMPARE_BUDGET, CompareMeter } from "./compare-budget";

/** Entries kept per list (added, removed, changed, reads, read on one side only). */
export const DIFF_LIST_LIMIT = COMPARE_BUDGET.maxEntries;
/** Field changes kept per entry (a JSON text can differ at thousands of pointers). */
export const DIFF_FIELD_LIMIT = COMPARE_BUDGET.maxMismatches;

export interface EntityOmitted {
  added: number;
  removed: number;
  changed: number;
}

/** How many entries each capped list left out (0 = the list is whole). */
export interface DiffOmitted {
  resources: EntityOmitted;
  templates: EntityOmitted;
  reads: number;
  readOnly: { before: number; after: number };
}

export interface BoundedStateDiff {
  diff: StateDiff;
  /** changeCount of the whole diff, before any cap. */
  changes: number;
  omitted: DiffOmitted;
}

export interface BoundOptions {
  maxItems?: number;
  maxFields?: number;
  /** Whose byte budget the answer spends (a fresh COMPARE_BUDGET one by default). */
  meter?: CompareMeter;
}

export function boundStateDiff(diff: StateDiff, options: BoundOptions = {}): BoundedStateDiff {
  const meter = options.meter ?? new CompareMeter();
  const maxItems = options.maxItems ?? meter.budget.maxEntries;
  const maxFields = options.maxFields ?? meter.budget.maxMismatches;
  // The answer's bytes are counted afresh here: the compare's count guarded its memory.
  const bytes = new CompareMeter(meter.budget);
  /** The first `maxItems` of `list` that fit the bytes, bounded by `bound`. */
  const keep = <T, U>(list: readonly T[], bound: (item: T) => U): U[] => {
    const out: U[] = [];
    for (const item of list.slice(0, maxItems)) {
      const kept = bound(item);
      if (!bytes.take(jsonBytes(kept))) break;
      out.push(kept);
    }
    return out;
  };
  const fields = (list: StateDiff["server"]) => list.slice(0, maxFields).map(boundMismatch);
  const entities = <T extends Resource | ResourceTemplate>(d: EntityDiff<T>) => {
    const kept = {
      added: keep(d.added, boundEntity),
      removed: keep(d.removed, boundEntity),
      changed: keep(d.changed, (c) => ({
        key: clip(c.key, MAX_URI_CHARS),
        before: boundEntity(c.before),
        after: boundEntity(c.after),
        fields: fields(c.fields),
      })),
      unchanged: d.unchanged,
    };
    return {
      diff: kept,
      omitted: {
        added: d.added.length - kept.added.length,
        removed: d.removed.length - kept.removed.length,
        changed: d.changed.length - kept.changed.length,
      },
    };
  };
  const server = fields(diff.server);
  bytes.take(jsonBytes(server));
  const resources = entities(diff.resources);
  const templates = entities(diff.templates);
  const uri = (u: string) => clip(u, MAX_URI_CHARS);
  const readOnly = { before: keep(diff.readOnly.before, uri), after: keep(diff.readOnly.after, uri) };
  const reads = keep(diff.reads, (r) => boundRead(r, maxFields, meter.budget.maxTextRows));
  // Entries the byte budget left out make the answer incomplete, like a read not compared.
  const skipped = { ...diff.skipped };
  if (bytes.skipped.stopped === "bytes") skipped.stopped ??= "bytes";
  return {
    diff: {
      equal: diff.equal,
      server,
      resources: resources.diff,
      templates: templates.diff,
      reads,
      readOnly,
      skipped,
    },
    changes: changeCount(diff),
    omitted: {
      resources: resources.omitted,
      templates: templates.omitted,
      reads: diff.reads.length - reads.length,
      readOnly: {
        before: diff.readOnly.before.length - readOnly.before.length,
        after: diff.readOnly.after.length - readOnly.after.length,
      },
    },
  };
}

/** The number of entries left out anywhere. */
export function omittedCount(o: DiffOmitted): number {
  const e = (x: EntityOmitted) => x.added + x.removed + x.changed;
  return e(o.resources) + e(o.templates) + o.reads + o.readOnly.before + o.readOnly.after;
}
