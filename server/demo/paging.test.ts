import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, paginate } from "./paging";

describe("paginate", () => {
  const items = Array.from({ length: 120 }, (_, i) => i);

  it("walks every item exactly once in pages of the given size", () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = paginate(items, cursor, 50);
      seen.push(...page.items);
      sizes.push(page.items.length);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(items);
    expect(sizes).toEqual([50, 50, 20]);
  });

  it("omits nextCursor when the page ends exactly at the last item", () => {
    expect(paginate(items.slice(0, 50), undefined, 50).nextCursor).toBeUndefined();
  });

  it("returns an empty last page for a cursor past the end (items removed meanwhile)", () => {
    expect(paginate(items.slice(0, 10), encodeCursor(50), 50)).toEqual({ items: [] });
  });

  it("uses cursors that do not look like numbers", () => {
    expect(encodeCursor(50)).not.toMatch(/^\d+$/);
    expect(decodeCursor(encodeCursor(50))).toBe(50);
  });

  it.each(["", "50", "not base64!", Buffer.from('{"v":1,"offset":-1}').toString("base64url")])(
    "rejects the forged cursor %j with -32602",
    (cursor) => {
      expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: -32602 }));
    },
  );
});
