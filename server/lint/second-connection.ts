/**
 * The scan's look at a 2026-07-28 MUST no single connection can show: resources/list must not vary
 * per connection (spec: server/resources#capabilities). A second connection with the same launch
 * (so the same credentials) lists the first pages, and the first connection's first pages are
 * compared with them. Bounded: COMPARE_PAGES pages, the request timeouts of the app's config, the
 * connection closed (its process reaped) whatever happens. Its own traffic is not linted: only the
 * comparison is a finding, on the first session.
 *
 * No `server-only`: the CLI's `lint` command runs it outside Next.
 */
import { randomBytes } from "node:crypto";
import type { Resource } from "@/lib/api/contract";
import { checkListAcrossConnections } from "@/lib/lint/modern-checks";
import { readConfig } from "../mcp/config";
import type { PagedResult } from "../mcp/pagination";
import { McpSession } from "../mcp/session";

/** Pages of resources/list compared across the two connections. */
export const COMPARE_PAGES = 3;

/** The URIs of the first `pages` pages of a walk (its `received` says how many items each held). */
function firstPages(walk: PagedResult<Resource>, pages: number): string[] {
  const count = walk.received.slice(0, pages).reduce((n, p) => n + p.count, 0);
  return walk.items.slice(0, count).map((r) => r.uri);
}

/**
 * Compare `first`'s walk with a second connection's; the finding (if any) goes to `session.lint`.
 * Returns a note when the comparison could not be made (the second connection failed).
 */
export async function compareWithSecondConnection(
  session: McpSession,
  first: PagedResult<Resource>,
  signal: AbortSignal,
): Promise<string | undefined> {
  const second = new McpSession(
    `${session.id}-second-${randomBytes(4).toString("hex")}`,
    session.launch,
    { ...readConfig(), maxPages: COMPARE_PAGES },
    () => {},
  );
  const stop = () => void second.close();
  signal.addEventListener("abort", stop, { once: true });
  try {
    await second.connect();
    if (signal.aborted) return undefined;
    const walk = await second.listResources(true, { silent: true });
    const pages = Math.min(COMPARE_PAGES, first.received.length);
    // As many pages on both sides: a difference either way counts (else only what the second adds).
    const complete = Math.min(walk.received.length, COMPARE_PAGES) === pages;
    session.lint.acrossConnections(
      checkListAcrossConnections(firstPages(first, pages), firstPages(walk, pages), pages, complete),
    );
    return undefined;
  } catch (err) {
    if (signal.aborted) return undefined;
    return `A second connection to compare resources/list could not be made: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    signal.removeEventListener("abort", stop);
    await second.close();
  }
}
