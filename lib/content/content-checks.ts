/**
 * The one set of rules for what a `resources/read` returned: where its contents contradict the
 * request, the listing or their own encoding. The viewer shows them beside each item
 * (`contentWarnings`); the Problems panel turns them into findings (`checkReadResult` in
 * lib/lint/checks.ts). Both ask per item with what both have — the item, its index, how many items
 * the read returned and their bytes, what the listing said — so on one read they cannot disagree.
 *
 * Decisions:
 * - Types compare by essence (`text/plain; charset=utf-8` is `text/plain`) with aliases resolved
 *   (`image/jpg` is `image/jpeg`), and only when both sides declare one: a missing type is not a
 *   contradiction (it is `missing-mime-type`, which only the Problems panel lists; the viewer shows
 *   the type it chose instead).
 * - `size` is the resource's size in bytes; it is compared with the item when the read returned
 *   one item, else with the sum of all items (reported once, on the first item).
 * - The contents are about the requested URI when one of them is that URI or lies below it (a
 *   directory read returning its members: `file:///d/` → `file:///d/a.txt`); URIs equal after
 *   WHATWG URL normalization (case of scheme and host, percent-encoding of an IRI) are the same.
 *   For a read of several items that takes every item's uri (`contentUris`): the viewer's items do
 *   not know their siblings, so without it only a read of one item is checked.
 * - Invalid base64 is reported whatever else holds; the bytes shown are then a lenient decoding.
 */
import { isValidBase64 } from "./base64";
import { contentByteLength } from "./content-kind";
import { canonicalMimeType, parseMimeType } from "./mime-dispatch";

/** What the viewer shows above an item (components/renderers/content-warnings.tsx). */
export type ContentWarning =
  | { kind: "mime-mismatch"; listed: string; content: string }
  | { kind: "size-mismatch"; listed: number; actual: number; scope: "item" | "read" }
  | { kind: "uri-mismatch"; requested: string; content: string }
  | { kind: "invalid-base64" };

export type ContentIssue = ContentWarning | { kind: "missing-mime-type" };

/** A content item as it arrived: nothing about its fields is trusted. */
export interface ContentLike {
  uri?: unknown;
  mimeType?: unknown;
  text?: unknown;
  blob?: unknown;
  annotations?: unknown;
}

export interface ContentCheckInput {
  requestedUri: string;
  item: ContentLike;
  index: number;
  /** How many items the read returned, and (for several) their total size in bytes. */
  itemCount: number;
  readByteLength?: number | undefined;
  listed?: { mimeType?: string | undefined; size?: number | undefined } | undefined;
  /** Every item's uri, when the caller has them all (see the header). */
  contentUris?: readonly string[] | undefined;
}

/** Equal as URIs: exactly, or after WHATWG URL normalization (case of scheme and host, escapes). */
export function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * A read's contents are about the requested URI when one of them is that URI, or lies below it.
 * Only when none is do we flag it — multi-content reads that add related URIs are fine.
 */
export function contentsMatchRequest(requested: string, contentUris: readonly string[]): boolean {
  if (contentUris.length === 0) return true; // nothing to compare (an empty read is not this rule)
  const base = requested.endsWith("/") ? requested : `${requested}/`;
  return contentUris.some((u) => sameUri(u, requested) || u.startsWith(base));
}

/** Bytes of an item as the server meant them; undefined when it has neither text nor blob. */
function itemBytes(item: ContentLike): number | undefined {
  return typeof item.text === "string" || typeof item.blob === "string" ? contentByteLength(item) : undefined;
}

/** Bytes of a whole read (what `readByteLength` means); undefined when an item's are unknown. */
export function readByteLength(contents: readonly ContentLike[]): number | undefined {
  let sum = 0;
  for (const item of contents) {
    const bytes = itemBytes(item);
    if (bytes === undefined) return undefined;
    sum += bytes;
  }
  return sum;
}

/** Every rule for one item of a read, in the order the viewer lists them. */
export function checkContent(input: ContentCheckInput): ContentIssue[] {
  const { item, listed } = input;
  const issues: ContentIssue[] = [];
  const declared = typeof item.mimeType === "string" ? item.mimeType : undefined;
  const listedType = parseMimeType(listed?.mimeType)?.essence;
  const contentType = parseMimeType(declared)?.essence;
  if (listedType && contentType && canonicalMimeType(listedType) !== canonicalMimeType(contentType)) {
    issues.push({ kind: "mime-mismatch", listed: listedType, content: contentType });
  }
  if (typeof listed?.size === "number") {
    if (input.itemCount === 1) {
      const actual = itemBytes(item);
      if (actual !== undefined && actual !== listed.size)
        issues.push({ kind: "size-mismatch", listed: listed.size, actual, scope: "item" });
    } else if (
      input.index === 0 &&
      input.readByteLength !== undefined &&
      input.readByteLength !== listed.size
    ) {
      issues.push({
        kind: "size-mismatch",
        listed: listed.size,
        actual: input.readByteLength,
        scope: "read",
      });
    }
  }
  const uris =
    input.contentUris ?? (input.itemCount === 1 && typeof item.uri === "string" ? [item.uri] : undefined);
  const first = uris?.[0];
  if (input.index === 0 && uris && first !== undefined && !contentsMatchRequest(input.requestedUri, uris)) {
    issues.push({ kind: "uri-mismatch", requested: input.requestedUri, content: first });
  }
  if (typeof item.blob === "string" && !isValidBase64(item.blob)) issues.push({ kind: "invalid-base64" });
  if (typeof item.mimeType !== "string" || item.mimeType === "") issues.push({ kind: "missing-mime-type" });
  return issues;
}

/** What the viewer shows for one item: every contradiction (not a missing type, see the header). */
export function contentWarnings(input: ContentCheckInput): ContentWarning[] {
  return checkContent(input).filter((issue): issue is ContentWarning => issue.kind !== "missing-mime-type");
}
