"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { recordingDraftQuery, recordingQuery } from "@/lib/check/recording-queries";

/** Whether a session records (polled every second while it does), and its draft under review. */
export function useRecording(sessionId: string, enabled: boolean) {
  const recording = useQuery({ ...recordingQuery(api, sessionId), enabled });
  const draft = useQuery(recordingDraftQuery(sessionId));
  return { recording, draft: draft.data ?? null };
}
