"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useId, useRef, type KeyboardEvent } from "react";
import type { HeldTrafficEntry } from "@/lib/api/traffic-buffer";
import { TrafficRow } from "./traffic-row";
import { useStickToBottom } from "./use-stick-to-bottom";
import { JumpToLatest } from "./jump-to-latest";

const ROW_PX = 22;

export interface TrafficListProps {
  label: string;
  entries: readonly HeldTrafficEntry[];
  selectedSeq: number | null;
  onSelect: (entry: HeldTrafficEntry) => void;
  /** Follow the end as entries arrive (chronological logs); off for newest-first lists. */
  followEnd: boolean;
}

/** A virtualized listbox of messages: thousands of rows, a few dozen in the DOM. */
export function TrafficList({ label, entries, selectedSeq, onSelect, followEnd }: TrafficListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own state
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });
  const stick = useStickToBottom(scrollRef, entries.length, followEnd);
  const selectedIndex = entries.findIndex((e) => e.seq === selectedSeq);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    let next: number | undefined;
    if (step !== undefined)
      next = Math.min(entries.length - 1, Math.max(0, (selectedIndex < 0 ? -1 : selectedIndex) + step));
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = entries.length - 1;
    const entry = next === undefined ? undefined : entries[next];
    if (next === undefined || !entry) return;
    event.preventDefault();
    onSelect(entry);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        role="listbox"
        aria-label={label}
        aria-activedescendant={selectedIndex >= 0 ? `${listId}-${selectedSeq}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={stick.onScroll}
        className="scrollbar-thin h-full overflow-auto focus-visible:outline-offset-[-2px]"
      >
        <div style={{ height: virtualizer.getTotalSize() }} className="relative">
          {virtualizer.getVirtualItems().map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            return (
              <TrafficRow
                key={entry.seq}
                id={`${listId}-${entry.seq}`}
                entry={entry}
                selected={entry.seq === selectedSeq}
                posInSet={item.index + 1}
                setSize={entries.length}
                top={item.start}
                onSelect={() => onSelect(entry)}
              />
            );
          })}
        </div>
      </div>
      {followEnd && !stick.stuck && entries.length > 0 && <JumpToLatest onJump={stick.jumpToEnd} />}
    </div>
  );
}
