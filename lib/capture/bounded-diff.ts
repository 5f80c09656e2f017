/**
 * A StateDiff as it may be kept on a session or sent to the page (issue 25): every list capped at
 * `maxItems` with the rest counted, every value a server chose (a changed field, an added content
 * item's body) clipped. Two servers that differ in 10k resources would otherwise send 10k resource
 * objects and their field values to every tab; the page says "N more" instead. Pure.
 */
import type { Resource, ResourceTemplate } from "../api/contract";
import type { Mismatch } from "../check/compare";
import { boundedJson, clip, MAX_TEXT_CHARS, MAX_URI_CHARS } from "../limits/bounds";
import { changeCount, type EntityDiff, type ItemDiff, type ReadDiff, type StateDiff } from "./compare";

/** Entries kept per list (added, removed, changed, reads, read on one side only). */
export const DIFF_LIST_LIMIT = 500;
/** Field changes kept per entry (a JSON text can differ at thousands of pointers). */
export const DIFF_FIELD_LIMIT = 200;
/** The JSON of one value in a field change, or of a listed resource, kept up to this. */
const VALUE_CHARS = MAX_TEXT_CHARS;
/** An added or removed content item's text or blob, as shown (its size is said). */
const BODY_CHARS = 4_096;

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
}

export function boundStateDiff(diff: StateDiff, options: BoundOptions = {}): BoundedStateDiff {
  const maxItems = options.maxItems ?? DIFF_LIST_LIMIT;
  const maxFields = options.maxFields ?? DIFF_FIELD_LIMIT;
  const fields = (list: Mismatch[]) => list.slice(0, maxFields).map(boundMismatch);
  const entities = <T extends Resource | ResourceTemplate>(d: EntityDiff<T>) => ({
    diff: {
      added: d.added.slice(0, maxItems).map(boundEntity),
      removed: d.removed.slice(0, maxItems).map(boundEntity),
      changed: d.changed.slice(0, maxItems).map((c) => ({
        key: clip(c.key, MAX_URI_CHARS),
        before: boundEntity(c.before),
        after: boundEntity(c.after),
        fields: fields(c.fields),
      })),
      unchanged: d.unchanged,
    },
    omitted: {
      added: Math.max(0, d.added.length - maxItems),
      removed: Math.max(0, d.removed.length - maxItems),
      changed: Math.max(0, d.changed.length - maxItems),
    },
  });
  const resources = entities(diff.resources);
  const templates = entities(diff.templates);
  const uris = (list: string[]) => list.slice(0, maxItems).map((u) => clip(u, MAX_URI_CHARS));
  return {
    diff: {
      equal: diff.equal,
      server: fields(diff.server),
      resources: resources.diff,
      templates: templates.diff,
      reads: diff.reads.slice(0, maxItems).map((r) => boundRead(r, maxFields)),
      readOnly: { before: uris(diff.readOnly.before), after: uris(diff.readOnly.after) },
    },
    changes: changeCount(diff),
    omitted: {
      resources: resources.omitted,
      templates: templates.omitted,
      reads: Math.max(0, diff.reads.length - maxItems),
      readOnly: {
        before: Math.max(0, diff.readOnly.before.length - maxItems),
        after: Math.max(0, diff.readOnly.after.length - maxItems),
      },
    },
  };
}

/** The number of entries left out anywhere. */
export function omittedCount(o: DiffOmitted): number {
  const e = (x: EntityOmitted) => x.added + x.removed + x.changed;
  return e(o.resources) + e(o.templates) + o.reads + o.readOnly.before + o.readOnly.after;
}

function boundValue(value: unknown): unknown {
  if (typeof value === "string") return clip(value, VALUE_CHARS);
  return boundedJson(value, VALUE_CHARS);
}

function boundMismatch(m: Mismatch): Mismatch {
  return {
    path: clip(m.path, MAX_URI_CHARS),
    problem: m.problem,
    message: clip(m.message, VALUE_CHARS),
    ...("expected" in m ? { expected: boundValue(m.expected) } : {}),
    ...("actual" in m ? { actual: boundValue(m.actual) } : {}),
  };
}

/** A listed resource or template: its key clipped, any other field over the cap noted by size. */
function boundEntity<T extends Resource | ResourceTemplate>(item: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    out[k] =
      typeof v === "string"
        ? clip(v, k === "uri" || k === "uriTemplate" ? MAX_URI_CHARS : VALUE_CHARS)
        : boundedJson(v, VALUE_CHARS);
  }
  return out as T;
}

type ContentItem = Extract<ItemDiff, { kind: "added" }>["after"];

function boundItem(item: ContentItem): ContentItem {
  const out: Record<string, unknown> = { ...item, uri: clip(item.uri, MAX_URI_CHARS) };
  if ("text" in item) out.text = clip(item.text, BODY_CHARS);
  if ("blob" in item) out.blob = clip(item.blob, BODY_CHARS);
  if (item._meta !== undefined) out._meta = boundedJson(item._meta, VALUE_CHARS);
  return out as ContentItem;
}

function boundRead(r: ReadDiff, maxFields: number): ReadDiff {
  const items = r.items.map((i): ItemDiff => {
    switch (i.kind) {
      case "added":
        return { ...i, after: boundItem(i.after) };
      case "removed":
        return { ...i, before: boundItem(i.before) };
      case "json":
        return {
          ...i,
          path: clip(i.path, MAX_URI_CHARS),
          changes: i.changes.slice(0, maxFields).map(boundMismatch),
        };
      case "fields":
        return { ...i, fields: i.fields.slice(0, maxFields).map(boundMismatch) };
      case "text":
      case "binary":
        // A line diff is bounded by diffText (lines, bytes, edits); blob facts are numbers.
        return { ...i, path: clip(i.path, MAX_URI_CHARS) };
    }
  });
  return {
    uri: clip(r.uri, MAX_URI_CHARS),
    ...(r.error
      ? {
          error: {
            ...(r.error.before !== undefined ? { before: clip(r.error.before, VALUE_CHARS) } : {}),
            ...(r.error.after !== undefined ? { after: clip(r.error.after, VALUE_CHARS) } : {}),
          },
        }
      : {}),
    items,
  };
}
