import type { ReactNode } from "react";

export interface RendererToolbarProps {
  /** View controls of the renderer (mode switch, wrap toggle …). */
  children?: ReactNode;
  /** Actions every content item has (copy, download), placed at the end. */
  actions: ReactNode;
}

/** The one row of controls above a content body. */
export function RendererToolbar({ children, actions }: RendererToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-100 px-3 py-1.5 text-[11px]">
      {children}
      <div className="ml-auto flex flex-wrap items-center gap-1">{actions}</div>
    </div>
  );
}
