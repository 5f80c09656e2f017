/**
 * queryOptions factories for recordings and saved checks (keys live in lib/api/queries.ts).
 */
import { queryOptions } from "@tanstack/react-query";
import { isApiError, type ApiClient } from "@/lib/api/api-client";
import { queryKeys } from "@/lib/api/queries";
import type { CheckFile, CheckRepeat, CheckResult, RecordingInfo, VolatileField } from "./results";

/** While a session records, its steps are polled this often (the second looks land in between). */
export const RECORDING_POLL_MS = 1_000;

/** The session's recording, or null when it is not recording (the route answers null; 404 from an older app). */
export const recordingQuery = (api: ApiClient, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.recording(sessionId),
    queryFn: async ({ signal }): Promise<RecordingInfo | null> => {
      try {
        return await api.getRecording(sessionId, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data ? RECORDING_POLL_MS : false),
    staleTime: 5_000,
  });

/** A stopped recording's check while it is reviewed; edits are written back here (client-only). */
export interface RecordingDraft {
  sessionId: string;
  check: CheckFile;
  /** What the second looks found, per step id: shown beside the matchers they chose. */
  volatile: Record<string, VolatileField[]>;
  /** Whether the review dialog is showing (a closed review keeps its edits). */
  open: boolean;
  /** Folder the review saves into. */
  folder: string;
  /** The last save: where, and which version of the check (later edits make it stale). */
  saved?: { path: string; folder: string; check: CheckFile };
  /** The last run's results (kept while the viewer shows a failing step). */
  results?: CheckResult[];
  /** The last "verify now": the draft replayed several times, per step stable or flaky. */
  verify?: CheckRepeat;
}

export const recordingDraftQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.recordingDraft(sessionId),
    // Nothing to fetch: answer what the cache holds, so an invalidation never wipes the edits.
    queryFn: ({ client, queryKey }): RecordingDraft | null =>
      client.getQueryData<RecordingDraft | null>(queryKey) ?? null,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const checksQuery = (api: ApiClient, folder: string) =>
  queryOptions({
    queryKey: queryKeys.checks(folder),
    queryFn: ({ signal }) => api.listChecks(folder, { signal }),
  });
