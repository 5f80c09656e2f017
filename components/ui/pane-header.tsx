import type { ReactNode } from "react";

export interface PaneHeaderProps {
  title: string;
  /** Id for aria-labelledby on the pane. */
  id?: string;
  children?: ReactNode;
}

/** The small caps bar at the top of a column or section. */
export function PaneHeader({ title, id, children }: PaneHeaderProps) {
  return (
    <div className="flex h-8 shrink-0 items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50/80 px-3">
      <h2 id={id} className="text-[11px] font-semibold tracking-wider text-zinc-500 uppercase">
        {title}
      </h2>
      {children}
    </div>
  );
}
