"use client";

import { useState } from "react";

/**
 * A long list shown a page at a time: the DOM holds what was asked for, never the whole answer
 * (two 17 KB captures once made 2.2 M nodes in the Compare view). `shown` items are rendered;
 * the button adds the next `step`.
 */
export function useShownCount(total: number, step: number) {
  const [pages, setPages] = useState(1);
  const shown = Math.min(total, pages * step);
  const more = (label: string) =>
    shown < total ? (
      <button
        type="button"
        onClick={() => setPages((p) => p + 1)}
        className="self-start rounded px-2 py-0.5 text-[11px] text-sky-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none"
      >
        Show {Math.min(step, total - shown).toLocaleString("en")} more {label} of{" "}
        {(total - shown).toLocaleString("en")}
      </button>
    ) : null;
  return { shown, more };
}
