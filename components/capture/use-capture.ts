"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "@/components/auth/api";
import { saveBlob } from "@/components/ui/download";
import type { CaptureDownload } from "@/lib/api/api-client";
import { queryKeys } from "@/lib/api/query-keys";
import { sendTracked, slots, type InFlightEntry } from "@/lib/api/tracked-request";
import type { CaptureBody } from "@/lib/capture/capture-request";

/** The fetch was aborted by Cancel (or the dialog closing): not an error to show as one. */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/**
 * One server's capture (issue 25): sent as a tracked request (slot `capture`), so its progress
 * events fill the bar; the file is saved when it arrives. Cancel aborts the fetch at once and
 * names the request to the backend, which stops the capture (nothing is written).
 */
export function useCapture(sessionId: string) {
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  const capture = useMutation<CaptureDownload, Error, CaptureBody>({
    mutationFn: (body) => {
      const controller = new AbortController();
      abort.current = controller;
      return sendTracked(queryClient, sessionId, slots.capture, (requestId) =>
        api.captureSession(sessionId, body, { requestId, signal: controller.signal }),
      );
    },
    onSuccess: (file) => {
      saveBlob(file.blob, file.fileName);
    },
  });
  const cancel = () => {
    const entry = queryClient.getQueryData<InFlightEntry | null>(
      queryKeys.inFlight(sessionId, slots.capture),
    );
    abort.current?.abort();
    // Already over, or ended by the aborted fetch: nothing to tell the user either way.
    if (entry) api.cancelRequest(sessionId, entry.requestId).catch(() => undefined);
  };
  return { capture, cancel };
}
