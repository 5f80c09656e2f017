"use client";

import { useLayoutEffect, useRef, type RefObject } from "react";
import type { VisibleRow } from "./visible-rows";

/**
 * Keeps the row at the top of the view where it is when rows appear or vanish above it (a
 * list_changed adds a resource in an open folder higher up): the browser's own scroll anchoring
 * cannot see into a virtualized list, whose rows are absolutely positioned. At the very top, new
 * rows above simply come into view.
 */
export function useScrollAnchor(
  scroller: RefObject<HTMLElement | null>,
  rows: readonly VisibleRow[],
  rowPx: number,
): () => void {
  const anchor = useRef<{ id: string; index: number } | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    if (!el || !a || el.scrollTop === 0) return;
    const now = rows.findIndex((r) => r.node.id === a.id);
    if (now < 0 || now === a.index) return;
    el.scrollBy({ top: (now - a.index) * rowPx, behavior: "instant" });
    anchor.current = { id: a.id, index: now };
  }, [scroller, rows, rowPx]);

  // On scroll: remember which row is at the top now.
  return () => {
    const el = scroller.current;
    if (!el) return;
    const index = Math.floor(el.scrollTop / rowPx);
    const row = rows[index];
    anchor.current = row && el.scrollTop > 0 ? { id: row.node.id, index } : null;
  };
}
