"use client";

import type { KeyboardEvent, PointerEvent } from "react";

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
      aria-valuenow={height ?? undefined}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className="h-1.5 shrink-0 cursor-row-resize touch-none bg-zinc-100 hover:bg-sky-200 focus-visible:bg-sky-300 focus-visible:outline-none"
    />
  );
}
