/** The Problems panel's query: one per session, under the session's scope (lib/api/queries.ts). */
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../api/api-client";
import { queryKeys } from "../api/queries";

export const problemsKey = (sessionId: string) => [...queryKeys.sessionScope(sessionId), "problems"] as const;

/** While a scan runs, poll fast for its progress; otherwise slowly (problems are found passively). */
export const PROBLEMS_POLL_MS = 3_000;
export const PROBLEMS_SCAN_POLL_MS = 400;

export const problemsQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: problemsKey(sessionId),
    queryFn: ({ signal }) => api.getProblems(sessionId, { signal }),
    refetchInterval: (q) => (q.state.data?.scan?.running ? PROBLEMS_SCAN_POLL_MS : PROBLEMS_POLL_MS),
    // Polling a server that is gone only fills the console with 404s.
    retry: false,
  });
