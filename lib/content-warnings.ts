/**
 * Where a server contradicts itself about one content item: listed metadata vs what the read
 * returned. The viewer shows each as a calm warning; nothing here changes how content renders.
 *
 * Decisions:
 * - Types compare by essence (`text/plain; charset=utf-8` is `text/plain`) with aliases resolved
 *   (`image/jpg` is `image/jpeg`), and only when both sides declare one: a missing type is not a
 *   contradiction.
 * - `size` is the resource's size in bytes; it is compared with the item when the read returned
 *   one item, else with the sum of all items (reported once, on the first item).
 * - A read that returns one item under another uri contradicts the request; several items each
 *   carry their own uri by design. URIs equal after normalization (percent-encoding of an IRI)
 *   are the same resource.
 * - Invalid base64 is reported whatever else holds; the bytes shown are then a lenient decoding.
 */
import { isValidBase64 } from "./base64";
import { contentByteLength } from "./content-kind";
import { canonicalMimeType, parseMimeType } from "./mime-dispatch";

export type ContentWarning =
  | { kind: "mime-mismatch"; listed: string; content: string }
  | { kind: "size-mismatch"; listed: number; actual: number; scope: "item" | "read" }
  | { kind: "uri-mismatch"; requested: string; content: string }
  | { kind: "invalid-base64" };

export interface ContentItemLike {
  uri: string;
  mimeType?: string | undefined;
  text?: string | undefined;
  blob?: string | undefined;
}

export interface WarningInput {
  requestedUri: string;
  item: ContentItemLike;
  index: number;
  /** How many items the read returned, and (for several) their total size in bytes. */
  itemCount: number;
  readByteLength?: number | undefined;
  listed?: { mimeType?: string | undefined; size?: number | undefined } | undefined;
}

function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export function contentWarnings(input: WarningInput): ContentWarning[] {
  const { item, listed } = input;
  const warnings: ContentWarning[] = [];
  const listedType = parseMimeType(listed?.mimeType)?.essence;
  const contentType = parseMimeType(item.mimeType)?.essence;
  if (listedType && contentType && canonicalMimeType(listedType) !== canonicalMimeType(contentType)) {
    warnings.push({ kind: "mime-mismatch", listed: listedType, content: contentType });
  }
  if (typeof listed?.size === "number") {
    if (input.itemCount === 1) {
      const actual = contentByteLength(item);
      if (actual !== listed.size)
        warnings.push({ kind: "size-mismatch", listed: listed.size, actual, scope: "item" });
    } else if (
      input.index === 0 &&
      input.readByteLength !== undefined &&
      input.readByteLength !== listed.size
    ) {
      warnings.push({
        kind: "size-mismatch",
        listed: listed.size,
        actual: input.readByteLength,
        scope: "read",
      });
    }
  }
  if (input.itemCount === 1 && !sameUri(item.uri, input.requestedUri)) {
    warnings.push({ kind: "uri-mismatch", requested: input.requestedUri, content: item.uri });
  }
  if (typeof item.blob === "string" && !isValidBase64(item.blob)) warnings.push({ kind: "invalid-base64" });
  return warnings;
}
