"use client";

import { useState } from "react";
import { prettyJson } from "./decode";

/** Beyond this many characters, show the start and offer the rest (a 4 MB string is slow to lay out). */
const PREVIEW_CHARS = 200_000;

export interface TextBodyProps {
  text: string;
  /** JSON is pretty-printed; everything else is shown exactly as sent. */
  json: boolean;
}

/** Text content in monospace, as React text: nothing a server sends becomes markup. */
export function TextBody({ text, json }: TextBodyProps) {
  const [showAll, setShowAll] = useState(false);
  const pretty = json ? prettyJson(text) : null;
  const shown = pretty ?? text;
  const truncated = !showAll && shown.length > PREVIEW_CHARS;
  return (
    <div>
      {json && pretty === null && (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1 text-[11px] text-amber-800">
          Declared as JSON but does not parse; shown as sent.
        </p>
      )}
      <pre className="scrollbar-thin max-h-[70vh] overflow-auto px-3 py-2 font-mono text-xs leading-[1.125rem] break-words whitespace-pre-wrap text-zinc-900">
        {truncated ? shown.slice(0, PREVIEW_CHARS) : shown}
      </pre>
      {truncated && (
        <div className="border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-600">
          Showing the first {PREVIEW_CHARS.toLocaleString("en")} of {shown.length.toLocaleString("en")}{" "}
          characters.{" "}
          <button
            type="button"
            onClick={() => setShowAll(true)}
            className="font-medium text-sky-700 hover:underline"
          >
            Show all
          </button>
        </div>
      )}
    </div>
  );
}
