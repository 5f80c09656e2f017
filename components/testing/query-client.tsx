import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { afterEach, expect } from "vitest";
import type { ReactElement } from "react";

/** Keys of queries whose queryFn ran (settled either way) since the last check. */
const fetched: string[] = [];

/**
 * Render under a fresh QueryClient whose cache the test seeds with `setQueryData`: a component
 * reads exactly the answers the test gives it, through its real hooks and query keys.
 */
export function renderWithQueries(
  ui: ReactElement,
  seed: (client: QueryClient) => void = () => undefined,
): RenderResult & { client: QueryClient } {
  // Seeded data never passes through these callbacks; only a queryFn that ran does.
  const record = (_: unknown, query: { queryHash: string }) => void fetched.push(query.queryHash);
  const client = new QueryClient({
    queryCache: new QueryCache({ onSuccess: record, onError: record }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  seed(client);
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}

/**
 * Fail a test in which a component fetched anything: every answer it needs is seeded, so a
 * query that ran means the component asked under a key the test did not expect. (In a test the
 * app has no token, so such a fetch fails before the network; this makes it fail the test too.)
 */
export function expectOnlySeededQueries(): void {
  afterEach(() => {
    const ran = fetched.splice(0);
    expect(ran, "queries that fetched instead of reading the seeded cache").toEqual([]);
  });
}
