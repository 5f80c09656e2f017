import "server-only";
import type { CacheHints } from "@/lib/api/contract";
import { pushAll } from "@/lib/limits/arrays";
import { MAX_LISTED_ITEMS } from "@/lib/limits/bounds";

export { MAX_LISTED_ITEMS };

export interface PagedResult<T> {
  items: T[];
  pages: number;
  /** Protocol problems found while walking, e.g. a cursor the server handed out twice. */
  warnings: string[];
  /** The first page's 2026-07-28 cache hints (`ttlMs`, `cacheScope`), when it carried any. */
  hints?: CacheHints;
  /**
   * The pages as they came, in order: the cursor asked for, how many items the page held (its
   * slice of `items`) and the nextCursor it gave. A capture writes a listing page by page from
   * these (issue 25), so a server's broken pagination is kept as it was heard.
   */
  received: ReceivedPage[];
}

export interface ReceivedPage {
  cursor?: string;
  count: number;
  nextCursor?: string;
  /** This page's own 2026-07-28 cache hints (each page of a listing carries its own). */
  hints?: CacheHints;
}

/**
 * Walk every page of a cursor-paginated list. Cursors are opaque (spec: pagination), so the only
 * guards are a cursor repeating — which would loop forever — and a page cap.
 */
export async function walkPages<T>(
  fetchPage: (
    cursor: string | undefined,
  ) => Promise<{ items: T[]; nextCursor?: string | undefined; hints?: CacheHints; warnings?: string[] }>,
  maxPages: number,
  /** Told after each page, 1-based: a walk of many pages shows "page N" as it goes. */
  onPage?: (page: number) => void,
  maxItems = MAX_LISTED_ITEMS,
): Promise<PagedResult<T>> {
  const items: T[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let hints: CacheHints | undefined;
  const received: ReceivedPage[] = [];
  for (;;) {
    const page = await fetchPage(cursor);
    pages++;
    if (pages === 1 && page.hints && Object.keys(page.hints).length) hints = page.hints;
    onPage?.(pages);
    // Never `items.push(...page.items)`: one page of ~125 k items overflowed the stack (issue 32).
    const room = maxItems - items.length;
    pushAll(items, page.items.length > room ? page.items.slice(0, room) : page.items);
    for (const w of page.warnings ?? []) warnings.push(pages > 1 ? `Page ${pages}: ${w}` : w);
    const next = page.nextCursor;
    received.push({
      ...(cursor !== undefined ? { cursor } : {}),
      count: page.items.length,
      ...(typeof next === "string" ? { nextCursor: next } : {}),
      ...(page.hints && Object.keys(page.hints).length ? { hints: page.hints } : {}),
    });
    if (page.items.length > room) {
      warnings.push(
        `Stopped at ${maxItems.toLocaleString("en-US")} items (page ${pages}): the rest of the list was left out.`,
      );
      break;
    }
    if (next === undefined || next === null) break;
    if (seen.has(next)) {
      warnings.push(
        `The server returned cursor ${JSON.stringify(next.slice(0, 80))} twice (page ${pages}); stopped listing.`,
      );
      break;
    }
    if (pages >= maxPages) {
      warnings.push(`Stopped after ${maxPages} pages (MCP_INSPECTOR_MAX_PAGES).`);
      break;
    }
    seen.add(next);
    cursor = next;
  }
  return { items, pages, warnings, received, ...(hints ? { hints } : {}) };
}
