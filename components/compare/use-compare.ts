"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { CompareBody } from "@/lib/api/contract";
import { compareQuery, lastBuildDiffQuery } from "@/lib/api/queries";

/** Two sessions compared; null until the user asks (a new `ignore` is a new comparison). */
export function useCompare(body: CompareBody | null) {
  return useQuery({
    ...compareQuery(api, body ?? { before: "", after: "" }),
    enabled: body !== null,
  });
}

/** Watch mode's last rebuild compared with the build before (refetched on `build-diff`). */
export function useLastBuildDiff(sessionId: string) {
  return useQuery(lastBuildDiffQuery(api, sessionId));
}
