import type { ReactNode } from "react";

export interface NoticeProps {
  tone?: "info" | "warning";
  children: ReactNode;
}

/** A calm, one-line note above a body: informative, never alarming. */
export function Notice({ tone = "info", children }: NoticeProps) {
  return (
    <div
      className={`flex flex-wrap items-center gap-x-2 border-b px-3 py-1 text-[11px] ${
        tone === "warning"
          ? "border-amber-200 bg-amber-50 text-amber-900"
          : "border-sky-100 bg-sky-50/60 text-sky-900"
      }`}
    >
      {children}
    </div>
  );
}
