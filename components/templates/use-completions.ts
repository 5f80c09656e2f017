"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/components/auth/api";
import type { CompleteBody } from "@/lib/api/contract";
import { completionQuery } from "@/lib/api/queries";
import { useDebouncedValue } from "./use-debounced-value";

/** Typing settles for this long before a completion request goes out. */
export const COMPLETION_DEBOUNCE_MS = 150;

export interface CompletionInput {
  sessionId: string;
  uriTemplate: string;
  name: string;
  value: string;
  /** The other arguments already filled in (sent as `context.arguments`). */
  context: Record<string, string>;
  /** The server declared `completions`, and the field is focused. */
  enabled: boolean;
}

/** `completion/complete` for one template argument, debounced, the last answer kept while typing. */
export function useCompletions({ sessionId, uriTemplate, name, value, context, enabled }: CompletionInput) {
  const request: CompleteBody = {
    uriTemplate,
    argument: { name, value },
    ...(Object.keys(context).length > 0 ? { context } : {}),
  };
  // Debounce the request as a string: a new object every render must not restart the timer.
  const settled = useDebouncedValue(JSON.stringify(request), COMPLETION_DEBOUNCE_MS);
  const body = useMemo(() => JSON.parse(settled) as CompleteBody, [settled]);
  return useQuery({ ...completionQuery(api, sessionId, body), enabled, placeholderData: keepPreviousData });
}
