import type { ReactNode } from "react";

/** A value a review shows exactly as it will be used: monospace, wrapped anywhere, left to right. */
export function ReviewCode({ children }: { children: ReactNode }) {
  return (
    <code
      className="block rounded border border-zinc-200 bg-white px-1.5 py-0.5 font-mono text-xs leading-4 break-all whitespace-pre-wrap text-zinc-900"
      dir="ltr"
    >
      {children}
    </code>
  );
}
