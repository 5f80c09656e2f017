"use client";

import { useState } from "react";
import { JsonBlock } from "@/components/ui/json-block";

export interface CollapsibleJsonProps {
  summary: string;
  value: unknown;
}

/** A folded JSON value; it is only stringified once opened (listings can be long). */
export function CollapsibleJson({ summary, value }: CollapsibleJsonProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-[11px] text-zinc-600 select-none hover:text-zinc-900">
        {summary}
      </summary>
      {open && (
        <div className="mt-1">
          <JsonBlock value={value} />
        </div>
      )}
    </details>
  );
}
