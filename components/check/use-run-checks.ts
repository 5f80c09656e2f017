"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { checksQuery } from "@/lib/check/recording-queries";
import type { CheckResult } from "@/lib/check/results";

export interface RunFilesVariables {
  files: string[];
  /** KEY=value file for `${VAR}` references, read by the backend. */
  envFile?: string;
}

/** The saved checks of a folder, and running some of them (each against a fresh server). */
export function useRunChecks(folder: string, enabled: boolean) {
  const checks = useQuery({ ...checksQuery(api, folder), enabled });
  const run = useMutation<CheckResult[], Error, RunFilesVariables>({
    mutationFn: async (body) => (await api.runChecks(body)).results,
  });
  return { checks, run };
}
