import type { ReactNode } from "react";

export interface StrokeIconProps {
  /** One path, drawn with round caps and joins; or give the shapes as children. */
  d?: string;
  className?: string;
  strokeWidth?: string;
  children?: ReactNode;
}

/** A 16×16 line icon drawn in the text colour, hidden from assistive tech (the button is named). */
export function StrokeIcon({ d, className = "size-3.5", strokeWidth = "1.75", children }: StrokeIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {d !== undefined && <path d={d} strokeLinecap="round" strokeLinejoin="round" />}
      {children}
    </svg>
  );
}
