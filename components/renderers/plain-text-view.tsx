"use client";

import { useMemo, useState, type ReactNode } from "react";
import { indexTextRows, rowText } from "@/lib/content/text-lines";
import { RendererToolbar } from "./renderer-toolbar";
import { ToggleOption } from "./toggle-option";
import { VirtualLines } from "./virtual-lines";

export interface PlainTextViewProps {
  text: string;
  actions: ReactNode;
  /** Extra view controls (a mode switch of the renderer that fell back to text). */
  controls?: ReactNode;
  label?: string;
}

/** Any text, as text: line numbers, soft-wrap toggle, virtualized rows. */
export function PlainTextView({ text, actions, controls, label = "Text" }: PlainTextViewProps) {
  const [wrap, setWrap] = useState(false);
  const rows = useMemo(() => indexTextRows(text), [text]);
  return (
    <div>
      <RendererToolbar actions={actions}>
        {controls}
        <ToggleOption label="Wrap lines" checked={wrap} onChange={setWrap} />
        <span className="text-zinc-500">
          {rows.lines.toLocaleString("en")} {rows.lines === 1 ? "line" : "lines"}
        </span>
      </RendererToolbar>
      <VirtualLines
        key={wrap ? "wrap" : "nowrap"}
        count={rows.count}
        lineNumberOf={(i) => rows.lineNumbers[i] ?? 0}
        renderRow={(i) => rowText(text, rows, i)}
        lastLineNumber={rows.lines}
        wrap={wrap}
        label={label}
      />
    </div>
  );
}
