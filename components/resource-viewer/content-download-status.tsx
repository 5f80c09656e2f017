"use client";

import { useQueryClient } from "@tanstack/react-query";
import { InFlightStatus } from "@/components/progress/in-flight-status";
import { queryKeys } from "@/lib/api/queries";
import { slots } from "@/lib/api/tracked-request";

export interface ContentDownloadStatusProps {
  sessionId: string;
  uri: string;
  index: number;
  /** "image", "audio", "video". */
  kind: string;
}

/** The bytes of a content item on their way from the content route: "1.2 MB of 10 MB", Cancel. */
export function ContentDownloadStatus({ sessionId, uri, index, kind }: ContentDownloadStatusProps) {
  const queryClient = useQueryClient();
  return (
    <InFlightStatus
      sessionId={sessionId}
      slot={slots.content(uri, index)}
      label={`Loading the ${kind}`}
      className="mt-2"
      onCancel={() =>
        void queryClient.cancelQueries(
          { queryKey: queryKeys.content(sessionId, uri, index), exact: true },
          { revert: false },
        )
      }
    />
  );
}
