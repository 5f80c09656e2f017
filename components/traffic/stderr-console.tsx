"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import { useStderr } from "@/components/server-list/use-stderr";
import { QueryState } from "@/components/ui/query-state";
import { downloadJson } from "@/components/ui/download";
import { exportFileName } from "./export-file-name";
import { PanelToolbar } from "./panel-toolbar";
import { useStickToBottom } from "./use-stick-to-bottom";
import { JumpToLatest } from "./jump-to-latest";

const LINE_PX = 16;

export interface StderrConsoleProps {
  sessionId: string;
  serverName: string;
  filter: string;
  onFilter: (value: string) => void;
}

/** What the server wrote to stderr, live, following the end until the user scrolls up. */
export function StderrConsole({ sessionId, serverName, filter, onFilter }: StderrConsoleProps) {
  const stderr = useStderr(sessionId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const all = stderr.data?.lines;
  const lines = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? (all ?? []).filter((l) => l.toLowerCase().includes(needle)) : (all ?? []);
  }, [all, filter]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own state
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_PX,
    overscan: 20,
  });
  const stick = useStickToBottom(scrollRef, lines.length);
  const dropped = stderr.data?.dropped ?? 0;

  // A failed refetch keeps the lines already shown.
  return (
    <QueryState
      query={stderr}
      pendingLabel="Loading stderr…"
      errorTitle="Could not load stderr"
      keepData
      inset
    >
      {() => (
        <div className="flex h-full min-h-0 flex-col">
          <PanelToolbar
            filter={filter}
            onFilter={onFilter}
            placeholder="Filter lines"
            count={`${lines.length.toLocaleString("en")} ${lines.length === 1 ? "line" : "lines"}${
              dropped > 0 ? ` (${dropped.toLocaleString("en")} older dropped)` : ""
            }`}
            exportDisabled={lines.length === 0}
            onExport={() =>
              downloadJson(exportFileName("stderr", serverName), {
                server: serverName,
                exportedAt: new Date().toISOString(),
                filter: filter || undefined,
                dropped,
                lines,
              })
            }
          />
          <div className="palette-light relative min-h-0 flex-1 bg-zinc-950">
            <div
              ref={scrollRef}
              role="log"
              aria-label="stderr"
              tabIndex={0}
              onScroll={stick.onScroll}
              className="scrollbar-thin h-full overflow-auto font-mono text-[11px] leading-4 text-zinc-100"
            >
              {lines.length === 0 ? (
                <p className="p-2 text-zinc-500">
                  {filter ? `No line matches “${filter}”.` : "The server has written nothing to stderr."}
                </p>
              ) : (
                <div style={{ height: virtualizer.getTotalSize() }} className="relative">
                  {virtualizer.getVirtualItems().map((item) => (
                    <div
                      key={item.index}
                      style={{ transform: `translateY(${item.start}px)` }}
                      className="absolute inset-x-0 top-0 h-4 truncate px-2 whitespace-pre"
                      title={lines[item.index]}
                    >
                      {lines[item.index]}
                    </div>
                  ))}
                </div>
              )}
            </div>
            {!stick.stuck && lines.length > 0 && <JumpToLatest onJump={stick.jumpToEnd} light />}
          </div>
        </div>
      )}
    </QueryState>
  );
}
