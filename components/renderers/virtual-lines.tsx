"use client";

import type { ReactNode } from "react";
import { FixedLines } from "./fixed-lines";
import { MeasuredLines } from "./measured-lines";

export interface VirtualLinesProps {
  count: number;
  /** 1-based line number shown in the gutter; 0 for a continuation row (no number). */
  lineNumberOf: (row: number) => number;
  renderRow: (row: number) => ReactNode;
  /** Largest line number, to size the gutter. */
  lastLineNumber: number;
  /** Soft wrap: rows grow to fit (measured) instead of scrolling sideways. */
  wrap: boolean;
  /** Accessible name of the scrollable region. */
  label: string;
}

/**
 * Monospace rows with line numbers, only the visible ones in the DOM, so a 10 MB text scrolls as
 * smoothly as a short one: fixed-height rows without wrap, measured rows with it.
 */
export function VirtualLines({ lastLineNumber, wrap, ...rest }: VirtualLinesProps) {
  const gutter = `${String(lastLineNumber).length + 1}ch`;
  return wrap ? <MeasuredLines gutter={gutter} {...rest} /> : <FixedLines gutter={gutter} {...rest} />;
}
