/**
 * One comparison entry as it may be kept or sent (issue 25, 32): every value a server chose (a
 * changed field, an added content item's body, a line of a text) clipped, a line diff's rows
 * capped. The compare bounds each read as it is made, so what it holds while it runs is what it
 * will send (lib/capture/compare.ts); the listings are bounded when capped (bounded-diff.ts). Pure.
 */
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { Mismatch } from "../check/compare";
import { utf8ByteLength } from "../content/content-kind";
import type { LineDiffResult } from "../json/diff";
import { boundedJson, clip, MAX_TEXT_CHARS, MAX_URI_CHARS } from "../limits/bounds";
import type { ItemDiff, ReadDiff } from "./diff-shape";

/** The JSON of one value in a field change, or of a listed resource, kept up to this. */
const VALUE_CHARS = MAX_TEXT_CHARS;
/** An added or removed content item's text or blob, as shown (its size is said). */
const BODY_CHARS = 4_096;

/** What keeping `value` adds to the answer, in UTF-8 bytes of its JSON. */
export function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value) ?? "");
}

function boundValue(value: unknown): unknown {
  if (typeof value === "string") return clip(value, VALUE_CHARS);
  return boundedJson(value, VALUE_CHARS);
}

export function boundMismatch(m: Mismatch): Mismatch {
  return {
    path: clip(m.path, MAX_URI_CHARS),
    problem: m.problem,
    message: clip(m.message, VALUE_CHARS),
    ...("expected" in m ? { expected: boundValue(m.expected) } : {}),
    ...("actual" in m ? { actual: boundValue(m.actual) } : {}),
  };
}

/** A listed resource or template: its key clipped, any other field over the cap noted by size. */
export function boundEntity<T extends Resource | ResourceTemplate>(item: T): T {
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
  const out: Record<string, unknown> = { ...item, uri: clip(String(item.uri), MAX_URI_CHARS) };
  if ("text" in item) out.text = clip(String(item.text), BODY_CHARS);
  if ("blob" in item) out.blob = clip(String(item.blob), BODY_CHARS);
  if (item._meta !== undefined) out._meta = boundedJson(item._meta, VALUE_CHARS);
  return out as ContentItem;
}

/** A line diff's first `maxRows` rows, each line clipped; the rest counted in `rowsOmitted`. */
export function boundLines(d: LineDiffResult, maxRows: number): LineDiffResult {
  const rows = d.rows
    .slice(0, maxRows)
    .map((r) => (r.kind === "gap" ? r : { ...r, text: clip(r.text, VALUE_CHARS) }));
  const omitted = (d.rowsOmitted ?? 0) + Math.max(0, d.rows.length - maxRows);
  return { ...d, rows, ...(omitted > 0 ? { rowsOmitted: omitted } : {}) };
}

export function boundRead(r: ReadDiff, maxFields: number, maxRows: number): ReadDiff {
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
        return { ...i, path: clip(i.path, MAX_URI_CHARS), lines: boundLines(i.lines, maxRows) };
      case "binary":
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
