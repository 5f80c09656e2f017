import type { ReactNode, Ref } from "react";

export interface LineRowProps {
  index: number;
  /** Offset from the top of the list, px. */
  top: number;
  /** Line number in the gutter; 0 marks a continuation row of a long line. */
  line: number;
  /** CSS width of the gutter's digits. */
  gutter: string;
  wrap: boolean;
  /** Fixed row height (no wrap), or undefined to let the row grow and be measured. */
  height?: number;
  measureRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** One monospace row: a sticky line-number gutter (not selectable, not read out) and the text. */
export function LineRow({ index, top, line, gutter, wrap, height, measureRef, children }: LineRowProps) {
  return (
    <div
      data-index={index}
      ref={measureRef}
      className={`absolute top-0 left-0 flex ${wrap ? "w-full" : "w-max min-w-full"}`}
      style={{ transform: `translateY(${top}px)`, height }}
    >
      <span
        aria-hidden="true"
        className="sticky left-0 shrink-0 bg-white pr-3 pl-2 text-right text-zinc-400 select-none"
        style={{ width: `calc(${gutter} + 1.25rem)` }}
      >
        {line > 0 ? line : "↪"}
      </span>
      <span className={wrap ? "min-w-0 flex-1 break-all whitespace-pre-wrap" : "pr-3 whitespace-pre"}>
        {children}
      </span>
    </div>
  );
}
