"use client";

import { useMemo, useState } from "react";
import { CopyButton } from "@/components/resource-viewer/copy-button";
import { useCopy } from "@/components/ui/use-copy";
import { clipForDisplay } from "@/lib/hosts/clip";

/**
 * The DOM gets at most this many characters of a block: a 10 MB read shown by four hosts would
 * otherwise put 40 MB of text into the page (seconds of layout); Copy all hands over the rest.
 */
export const LENS_SHOWN_CHARS = 100_000;

export interface LensTextBlockProps {
  title: string;
  text: string;
  format: "text" | "json";
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
}

/** One text a host produces, exactly as it is (pretty-printed JSON only on request), clipped for the page. */
export function LensTextBlock({ title, text, format }: LensTextBlockProps) {
  const [prettyOn, setPretty] = useState(false);
  const all = useMemo(() => (prettyOn && format === "json" ? pretty(text) : text), [prettyOn, format, text]);
  const { shown, hidden } = useMemo(() => clipForDisplay(all, LENS_SHOWN_CHARS), [all]);
  const { state, copy } = useCopy();
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-1">
      <div className="flex items-center gap-2 text-[11px]">
        <span className="min-w-0 truncate font-mono font-medium text-zinc-700">{title}</span>
        {format === "json" && (
          <label className="ml-auto flex items-center gap-1 text-zinc-600">
            <input type="checkbox" checked={prettyOn} onChange={(e) => setPretty(e.target.checked)} />
            Pretty-print
          </label>
        )}
        <span className={format === "json" ? "" : "ml-auto"}>
          <CopyButton text={all} label={`Copy ${title}`} />
        </span>
      </div>
      {/* Focusable: a scrolled block is read with the keyboard too (axe scrollable-region-focusable). */}
      <pre
        data-lens-text
        tabIndex={0}
        className="scrollbar-thin max-h-80 overflow-auto rounded border border-zinc-200 bg-zinc-50 px-2 py-1.5 font-mono text-[11px] leading-4 break-all whitespace-pre-wrap text-zinc-800"
      >
        {shown}
      </pre>
      {hidden > 0 && (
        <p className="text-[11px] text-zinc-500">
          … {hidden.toLocaleString("en")} more characters (
          <button
            type="button"
            onClick={() => void copy(all)}
            className="text-sky-700 underline hover:text-sky-900"
          >
            {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy all"}
          </button>
          )
        </p>
      )}
    </div>
  );
}
