"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { api } from "@/components/auth/api";
import type { CallToolResult } from "@/lib/api/api-client";
import { toolsQuery } from "@/lib/api/queries";
import { sendTracked, slots } from "@/lib/api/tracked-request";

/** tools/list (every page) of one server. */
export function useTools(sessionId: string) {
  return useQuery(toolsQuery(api, sessionId));
}

/**
 * tools/call: the way an author makes a server change its resources while watching them. The call
 * is tracked (progress, Cancel: lib/api/tracked-request.ts); `cancel` aborts the call in flight.
 */
export function useCallTool(sessionId: string) {
  const client = useQueryClient();
  const inFlight = useRef<AbortController | null>(null);
  const call = useMutation<CallToolResult, Error, { name: string; args: Record<string, unknown> }>({
    mutationFn: ({ name, args }) => {
      const abort = new AbortController();
      inFlight.current = abort;
      return sendTracked(client, sessionId, slots.tool(name), (requestId) =>
        api.callTool(sessionId, name, args, { signal: abort.signal, requestId }),
      );
    },
  });
  const cancel = useCallback(() => inFlight.current?.abort(), []);
  return { call, cancel };
}

/** The error an aborted fetch rejects with (the user's Cancel). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
