"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

export interface PanelResizerProps {
  /** The panel body's height in px, or null while it keeps its default (a share of the window). */
  height: number | null;
  onHeight: (px: number) => void;
  /** The element whose height is changed, measured when a drag starts from the default. */
  target: () => HTMLElement | null;
  controls: string;
}

const STEP = 24;
/** The panel never shrinks below its filter bar and a few rows, nor leaves the viewer less than this. */
const MIN = 80;
const KEEP_ABOVE = 200;

function clamp(px: number): number {
  return Math.round(Math.max(MIN, Math.min(px, window.innerHeight - KEEP_ABOVE)));
}

/**
 * The server panel's top edge: drag it, or focus it and use the arrow keys, to give the panel or
 * the resource viewer above it more of the window.
 */
export function PanelResizer({ height, onHeight, target, controls }: PanelResizerProps) {
  const current = () => height ?? target()?.getBoundingClientRect().height ?? MIN;
  // A focusable separator carries its value (WAI-ARIA): the default height is measured once shown.
  const [measured, setMeasured] = useState<{ now: number; max: number } | null>(null);
  // The target getter is a new function each render: read through a ref, measured when the height changes.
  const targetRef = useRef(target);
  useEffect(() => {
    targetRef.current = target;
  });
  useEffect(() => {
    const measure = () => {
      const now = Math.round(height ?? targetRef.current()?.getBoundingClientRect().height ?? MIN);
      const max = Math.max(MIN, window.innerHeight - KEEP_ABOVE);
      setMeasured((m) => (m?.now === now && m.max === max ? m : { now, max }));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [height]);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const startY = e.clientY;
    const start = current();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (m: globalThis.PointerEvent) => onHeight(clamp(start + startY - m.clientY));
    const up = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", up);
      handle.removeEventListener("pointercancel", up);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up);
    handle.addEventListener("pointercancel", up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === "ArrowUp" ? STEP : e.key === "ArrowDown" ? -STEP : 0;
    if (delta === 0) return;
    e.preventDefault();
    onHeight(clamp(current() + delta));
  };
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the server panel"
      aria-controls={controls}
      aria-valuenow={measured?.now ?? height ?? MIN}
      aria-valuemin={MIN}
      aria-valuemax={measured?.max ?? Math.max(MIN, height ?? MIN)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className="h-1.5 shrink-0 cursor-row-resize touch-none bg-zinc-100 hover:bg-sky-200 focus-visible:bg-sky-300 focus-visible:outline-none"
    />
  );
}
