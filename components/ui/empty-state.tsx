import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** A quiet, centred message for "nothing here (yet)"; not an error. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-1 px-6 py-10 text-center">
      <p className="font-medium text-zinc-700">{title}</p>
      {children && <div className="max-w-xs text-xs text-zinc-500">{children}</div>}
    </div>
  );
}
