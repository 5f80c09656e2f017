"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import { ROW_PX } from "./fixed-lines";
import { LineRow } from "./line-row";

export interface MeasuredLinesProps {
  count: number;
  lineNumberOf: (row: number) => number;
  renderRow: (row: number) => ReactNode;
  gutter: string;
  label: string;
}

/** Soft-wrapped rows of varying height: TanStack Virtual measures the rows it renders. */
export function MeasuredLines({ count, lineNumberOf, renderRow, gutter, label }: MeasuredLinesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
    initialRect: { width: 800, height: 600 },
  });
  return (
    <div
      ref={scroller}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="scrollbar-thin max-h-[70vh] overflow-auto py-1 font-mono text-xs leading-[18px] text-zinc-900"
    >
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <LineRow
            key={item.key}
            index={item.index}
            top={item.start}
            line={lineNumberOf(item.index)}
            gutter={gutter}
            wrap
            measureRef={virtualizer.measureElement}
          >
            {renderRow(item.index)}
          </LineRow>
        ))}
      </div>
    </div>
  );
}
