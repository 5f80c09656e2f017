import type { ReactNode } from "react";

/** One term/value pair of a two-column `<dl>` grid. */
export function FieldRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{term}</dt>
      <dd className="min-w-0 break-words text-zinc-900">{children}</dd>
    </>
  );
}
