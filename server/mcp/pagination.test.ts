import { describe, expect, it } from "vitest";
import { walkPages } from "./pagination";

/** A server's pages, by cursor (undefined = the first page). */
function pages(table: Record<string, { items: number[]; nextCursor?: string }>) {
  const asked: (string | undefined)[] = [];
  const fetchPage = (cursor: string | undefined) => {
    asked.push(cursor);
    const page = table[cursor ?? ""];
    if (!page) return Promise.reject(new Error(`unknown cursor ${cursor}`));
    return Promise.resolve(page);
  };
  return { fetchPage, asked };
}

describe("walkPages", () => {
  it("follows every cursor and concatenates the pages in order", async () => {
    const { fetchPage, asked } = pages({
      "": { items: [1, 2], nextCursor: "b" },
      b: { items: [3], nextCursor: "c" },
      c: { items: [4, 5] },
    });
    expect(await walkPages(fetchPage, 100)).toEqual({
      items: [1, 2, 3, 4, 5],
      pages: 3,
      warnings: [],
      // As received, for a capture: each page's cursor, size and nextCursor.
      received: [
        { count: 2, nextCursor: "b" },
        { cursor: "b", count: 1, nextCursor: "c" },
        { cursor: "c", count: 2 },
      ],
    });
    expect(asked).toEqual([undefined, "b", "c"]);
  });

  it("one page without a cursor (or a null one, which some servers send) is the whole list", async () => {
    expect(await walkPages(pages({ "": { items: [1] } }).fetchPage, 100)).toEqual({
      items: [1],
      pages: 1,
      warnings: [],
      received: [{ count: 1 }],
    });
    const nullCursor = () => Promise.resolve({ items: [7], nextCursor: null as unknown as undefined });
    expect((await walkPages(nullCursor, 100)).pages).toBe(1);
  });

  it("an empty-string cursor is a cursor (opaque), not the end", async () => {
    let calls = 0;
    const r = await walkPages((cursor) => {
      calls++;
      return Promise.resolve(cursor === "" ? { items: [2] } : { items: [1], nextCursor: "" });
    }, 100);
    expect(r.items).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it("stops at a cursor the server hands out twice instead of looping, and says so", async () => {
    const { fetchPage, asked } = pages({
      "": { items: [1], nextCursor: "same" },
      same: { items: [2], nextCursor: "same" },
    });
    const r = await walkPages(fetchPage, 100);
    expect(r.items).toEqual([1, 2]);
    expect(r.pages).toBe(2);
    expect(asked).toEqual([undefined, "same"]);
    expect(r.received).toEqual([
      { count: 1, nextCursor: "same" },
      { cursor: "same", count: 1, nextCursor: "same" },
    ]);
    expect(r.warnings).toEqual([expect.stringContaining('cursor "same" twice (page 2)')]);
  });

  it("stops at the page cap and names the setting", async () => {
    const endless = (cursor: string | undefined) => {
      const n = cursor ? Number(cursor) : 0;
      return Promise.resolve({ items: [n], nextCursor: String(n + 1) });
    };
    const r = await walkPages(endless, 3);
    expect(r.items).toEqual([0, 1, 2]);
    expect(r.pages).toBe(3);
    expect(r.warnings).toEqual([expect.stringContaining("Stopped after 3 pages (MCP_INSPECTOR_MAX_PAGES)")]);
  });

  it("a failing page fails the walk (no partial listing passes for a whole one)", async () => {
    const { fetchPage } = pages({ "": { items: [1], nextCursor: "gone" } });
    await expect(walkPages(fetchPage, 100)).rejects.toThrow("unknown cursor gone");
  });
});
