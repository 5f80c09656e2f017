"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { ReadAnswer } from "@/lib/api/input-required";
import { queryKeys } from "@/lib/api/queries";

/**
 * Answer an input_required read: the server's answer (content, or another round of input
 * requests) becomes the read's cached result, so the viewer shows it like any read.
 */
export function useAnswerRead(sessionId: string, uri: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ReadAnswer) => api.answerRead(sessionId, { uri, ...answer }),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.read(sessionId, uri), result),
  });
}
