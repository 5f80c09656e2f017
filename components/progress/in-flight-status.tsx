"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { useNow } from "@/components/check/use-now";
import { inFlightQuery, requestProgressQuery } from "@/lib/api/queries";
import type { InFlightEntry } from "@/lib/api/tracked-request";
import { RequestStatus } from "./request-status";

export interface InFlightStatusProps {
  sessionId: string;
  /** The slot its request was sent under (lib/api/tracked-request.ts `slots`). */
  slot: string;
  label: string;
  /** Frees the UI at once: cancels the query or aborts the call that owns the request. */
  onCancel: () => void;
  className?: string;
}

/**
 * Progress and Cancel for whatever request this tab has in flight in `slot`. Cancel frees the UI
 * first, then asks the backend to cancel by id (the aborted fetch alone would do it too; the
 * explicit cancel does not depend on the connection closing).
 */
export function InFlightStatus({ sessionId, slot, ...shown }: InFlightStatusProps) {
  const entry = useQuery(inFlightQuery(sessionId, slot)).data;
  if (!entry) return null;
  return <Running key={entry.requestId} sessionId={sessionId} entry={entry} {...shown} />;
}

function Running({
  sessionId,
  entry,
  onCancel,
  ...shown
}: Omit<InFlightStatusProps, "slot"> & { entry: InFlightEntry }) {
  const progress = useQuery(requestProgressQuery(sessionId, entry.requestId)).data;
  const now = useNow(200);
  return (
    <RequestStatus
      {...shown}
      elapsedMs={now - entry.startedAt}
      progress={progress}
      onCancel={() => {
        onCancel();
        // Already cancelled by the aborted fetch, or over: nothing to tell the user either way.
        api.cancelRequest(sessionId, entry.requestId).catch(() => undefined);
      }}
    />
  );
}
