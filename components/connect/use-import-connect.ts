"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/components/auth/api";
import type { SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { adoptSession } from "./adopt-session";

export type ImportResult =
  { state: "connecting" } | { state: "connected" } | { state: "failed"; error: Error };

export interface ImportRequest {
  text: string;
  servers: string[];
  inputs: Record<string, string>;
  keep: Record<string, string[]>;
  /** "Save to my servers" was ticked. */
  save: boolean;
  /** `${workspaceFolder}`, as the server accepted it. */
  workspaceFolder?: string;
}

/**
 * Connect the confirmed servers of a pasted config one after another, each through
 * POST /api/import/connect; one failing does not stop the others, and each result is kept by name.
 */
export function useImportConnect(onConnected: (session: SessionSummary) => void) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<Record<string, ImportResult>>({});
  const [pending, setPending] = useState(false);

  /** Resolves to the names that connected. */
  const run = async (request: ImportRequest): Promise<string[]> => {
    setPending(true);
    let last: SessionSummary | null = null;
    const connected: string[] = [];
    for (const server of request.servers) {
      setResults((r) => ({ ...r, [server]: { state: "connecting" } }));
      try {
        const created = await api.connectImported({
          text: request.text,
          server,
          inputs: request.inputs,
          keep: request.keep[server] ?? [],
          save: request.save,
          ...(request.workspaceFolder !== undefined ? { workspaceFolder: request.workspaceFolder } : {}),
        });
        last = await adoptSession(queryClient, created);
        connected.push(server);
        setResults((r) => ({ ...r, [server]: { state: "connected" } }));
      } catch (error) {
        setResults((r) => ({
          ...r,
          [server]: { state: "failed", error: error instanceof Error ? error : new Error(String(error)) },
        }));
      }
    }
    setPending(false);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.savedServers() }),
    ]);
    if (last) onConnected(last);
    return connected;
  };

  return { results, pending, run, reset: () => setResults({}) };
}
