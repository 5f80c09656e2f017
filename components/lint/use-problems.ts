"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { problemsKey, problemsQuery } from "@/lib/lint/problem-queries";

/** The session's problems and the active scan's progress (polled; faster while a scan runs). */
export function useProblems(sessionId: string) {
  return useQuery(problemsQuery(api, sessionId));
}

/** "Check this server" and Stop: both answer with the problems, which replace the cached ones. */
export function useProblemScan(sessionId: string) {
  const client = useQueryClient();
  const key = problemsKey(sessionId);
  const scan = useMutation({
    mutationFn: () => api.scanProblems(sessionId),
    // Progress comes from polling GET …/problems while the POST is open.
    onMutate: () => client.invalidateQueries({ queryKey: key }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const stop = useMutation({
    mutationFn: () => api.stopProblemScan(sessionId),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  return { scan, stop };
}
