import type { ReactNode } from "react";

export interface ReviewFactProps {
  /** What the fact is (Program, URL, Host…). */
  term: string;
  /** How many values it has (arguments, variables), shown after the term. */
  count?: number;
  /** Classes of the `<dd>`, when its content is laid out in a row. */
  className?: string;
  children: ReactNode;
}

/** One fact of a review (what will run, or be contacted) in its `<dl>`: the term above the value. */
export function ReviewFact({ term, count, className, children }: ReviewFactProps) {
  return (
    <div>
      <dt className="mb-0.5 text-[11px] font-medium text-zinc-600">
        {term}
        {count !== undefined && (
          <>
            {" "}
            <span className="font-normal text-zinc-500">({count})</span>
          </>
        )}
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
