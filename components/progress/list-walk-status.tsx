"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { InFlightStatus } from "./in-flight-status";

export interface ListWalkStatusProps {
  sessionId: string;
  slot: string;
  label: string;
  /** The list query the walk fills; Cancel cancels it (it ends in a CancelledError). */
  queryKey: QueryKey;
}

/** A walk of a paginated list in flight: "page N" as it goes, and Cancel after a second. */
export function ListWalkStatus({ sessionId, slot, label, queryKey }: ListWalkStatusProps) {
  const queryClient = useQueryClient();
  return (
    <InFlightStatus
      sessionId={sessionId}
      slot={slot}
      label={label}
      className="m-2"
      onCancel={() => void queryClient.cancelQueries({ queryKey, exact: true }, { revert: false })}
    />
  );
}
