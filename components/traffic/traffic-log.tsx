"use client";

import { useMemo, useState } from "react";
import { QueryState } from "@/components/ui/query-state";
import { trafficMatches, type HeldTrafficEntry } from "@/lib/api/traffic-buffer";
import { downloadJson } from "@/components/ui/download";
import { exportFileName } from "./export-file-name";
import { PanelToolbar } from "./panel-toolbar";
import { TrafficDetail } from "./traffic-detail";
import { TrafficList } from "./traffic-list";
import { useTraffic } from "./use-traffic";

export interface TrafficLogProps {
  sessionId: string;
  serverName: string;
  /** "all": every message, oldest first, following the end; "notifications": newest first. */
  mode: "all" | "notifications";
  filter: string;
  onFilter: (value: string) => void;
  /** The entry to show selected when it mounts (a problem's evidence: "Show in traffic"). */
  initialSeq?: number;
}

/** The raw JSON-RPC traffic of one server (or just its notifications), filterable and exportable. */
export function TrafficLog({ sessionId, serverName, mode, filter, onFilter, initialSeq }: TrafficLogProps) {
  const traffic = useTraffic(sessionId);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(initialSeq ?? null);
  const held = traffic.data?.entries;
  const entries = useMemo(() => {
    if (!held) return [];
    const kept = held.filter(
      (e) => (mode === "all" || e.kind === "notification") && trafficMatches(e, filter.trim()),
    );
    return mode === "notifications" ? kept.reverse() : kept;
  }, [held, mode, filter]);
  const selected = selectedSeq === null ? undefined : held?.find((e) => e.seq === selectedSeq);
  const noun = mode === "all" ? "messages" : "notifications";

  const select = (entry: HeldTrafficEntry) => {
    setSelectedSeq(entry.seq);
    // Stream entries are summaries: the backend's log has the message (while it keeps it).
    if (entry.message === undefined && !traffic.isFetching) void traffic.refetch();
  };

  return (
    <QueryState query={traffic} pendingLabel="Loading traffic…" errorTitle="Could not load the traffic" inset>
      {(data) => (
        <div className="flex h-full min-h-0 flex-col">
          <PanelToolbar
            filter={filter}
            onFilter={onFilter}
            placeholder="Filter by method, id or text"
            count={`${entries.length.toLocaleString("en")} ${noun}${
              data.dropped > 0 ? ` (${data.dropped.toLocaleString("en")} older dropped)` : ""
            }`}
            exportDisabled={entries.length === 0}
            onExport={() =>
              downloadJson(exportFileName(mode === "all" ? "traffic" : "notifications", serverName), {
                server: serverName,
                exportedAt: new Date().toISOString(),
                filter: filter || undefined,
                entries,
              })
            }
          />
          <div className="flex min-h-0 flex-1">
            {entries.length === 0 ? (
              <p className="flex-1 p-3 text-xs text-zinc-500">
                {filter ? `No ${noun} match “${filter}”.` : `No ${noun} yet.`}
              </p>
            ) : (
              <TrafficList
                label={mode === "all" ? "JSON-RPC traffic" : "Notifications"}
                entries={entries}
                selectedSeq={selectedSeq}
                onSelect={select}
                followEnd={mode === "all"}
              />
            )}
            {selected && (
              <TrafficDetail
                entry={selected}
                loading={traffic.isFetching}
                onClose={() => setSelectedSeq(null)}
              />
            )}
          </div>
        </div>
      )}
    </QueryState>
  );
}
