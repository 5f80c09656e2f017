"use client";

import { useMemo, useState, type ReactNode } from "react";
import { CodeView } from "./code-view";
import { JsonNode } from "./json-node";
import { Notice } from "./notice";
import { PlainTextView } from "./plain-text-view";
import { RendererToolbar } from "./renderer-toolbar";
import { ViewSwitch } from "./view-switch";

type JsonMode = "tree" | "pretty" | "raw";

export interface JsonViewProps {
  text: string;
  actions: ReactNode;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** JSON as a collapsible tree, pretty-printed, or exactly as sent. */
export function JsonView({ text, actions }: JsonViewProps) {
  const [mode, setMode] = useState<JsonMode>("tree");
  const parsed = useMemo(() => parse(text), [text]);
  const pretty = useMemo(() => (parsed.ok ? JSON.stringify(parsed.value, null, 2) : ""), [parsed]);

  if (!parsed.ok) {
    return (
      <div>
        <Notice tone="warning">Declared as JSON but does not parse ({parsed.error}); shown as sent.</Notice>
        <PlainTextView text={text} actions={actions} label="JSON (as sent)" />
      </div>
    );
  }
  const controls = (
    <ViewSwitch
      label="JSON view"
      options={[
        { value: "tree", label: "Tree" },
        { value: "pretty", label: "Pretty" },
        { value: "raw", label: "Raw" },
      ]}
      value={mode}
      onChange={setMode}
    />
  );
  if (mode === "pretty")
    return (
      <CodeView text={pretty} language="json" actions={actions} controls={controls} label="JSON (pretty)" />
    );
  if (mode === "raw")
    return <PlainTextView text={text} actions={actions} controls={controls} label="JSON (as sent)" />;
  return (
    <div>
      <RendererToolbar actions={actions}>{controls}</RendererToolbar>
      <ul
        aria-label="JSON tree"
        className="scrollbar-thin max-h-[70vh] overflow-auto px-2 py-2 font-mono text-xs leading-[18px]"
      >
        <JsonNode name={null} value={parsed.value} depth={0} openDepth={2} />
      </ul>
    </div>
  );
}
