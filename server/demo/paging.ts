import { invalidParams } from "./demo-errors";

/**
 * Offset pagination behind an opaque cursor (spec: "Pagination"; clients must not parse cursors).
 * The versioned JSON inside base64url lets the format change without clients noticing.
 * Offsets shift when the list changes between pages, as with many real servers; clients are told
 * to re-list every page on `notifications/resources/list_changed`.
 */

export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ v: 1, offset }), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "v" in parsed &&
      parsed.v === 1 &&
      "offset" in parsed &&
      typeof parsed.offset === "number" &&
      Number.isInteger(parsed.offset) &&
      parsed.offset >= 0
    ) {
      return parsed.offset;
    }
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw invalidParams(`Invalid cursor: ${cursor}`);
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** One page starting at the cursor's offset; past the end (after removals) is an empty last page. */
export function paginate<T>(all: readonly T[], cursor: string | undefined, pageSize: number): Page<T> {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor);
  const end = offset + pageSize;
  const items = all.slice(offset, end);
  return end < all.length ? { items, nextCursor: encodeCursor(end) } : { items };
}
