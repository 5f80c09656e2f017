"use client";

import { useCallback, useState, type ReactNode } from "react";
import { LineRow } from "./line-row";

/** Row height of text-xs monospace (leading-[18px]). */
export const ROW_PX = 18;
const OVERSCAN = 30;

export interface FixedLinesProps {
  count: number;
  lineNumberOf: (row: number) => number;
  renderRow: (row: number) => ReactNode;
  gutter: string;
  label: string;
}

/**
 * Rows of one fixed height, windowed by arithmetic: the visible range is scrollTop / 18 px, so a
 * 125,000-row text costs nothing per row it does not show (no per-row measurements at all).
 */
export function FixedLines({ count, lineNumberOf, renderRow, gutter, label }: FixedLinesProps) {
  const [view, setView] = useState({ top: 0, height: 800 });
  // Follow the scroller's height (it is capped at 70vh) without a resize handler per row.
  const observe = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setView((v) => (v.height === element.clientHeight ? v : { ...v, height: element.clientHeight })),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(view.top / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / ROW_PX) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i += 1) {
    rows.push(
      <LineRow
        key={i}
        index={i}
        top={i * ROW_PX}
        line={lineNumberOf(i)}
        gutter={gutter}
        wrap={false}
        height={ROW_PX}
      >
        {renderRow(i)}
      </LineRow>,
    );
  }
  return (
    <div
      ref={observe}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const { scrollTop, clientHeight } = event.currentTarget;
        setView({ top: scrollTop, height: clientHeight });
      }}
      className="scrollbar-thin max-h-[70vh] overflow-auto py-1 font-mono text-xs leading-[18px] text-zinc-900"
    >
      <div className="relative" style={{ height: count * ROW_PX }}>
        {rows}
      </div>
    </div>
  );
}
