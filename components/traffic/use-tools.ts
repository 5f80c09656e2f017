"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { CallToolResult } from "@/lib/api-client";
import { toolsQuery } from "@/lib/queries";

/** tools/list (every page) of one server. */
export function useTools(sessionId: string) {
  return useQuery(toolsQuery(api, sessionId));
}

/** tools/call: the way an author makes a server change its resources while watching them. */
export function useCallTool(sessionId: string) {
  return useMutation<CallToolResult, Error, { name: string; args: Record<string, unknown> }>({
    mutationFn: ({ name, args }) => api.callTool(sessionId, name, args),
  });
}
