"use client";

import { useState, type ReactNode } from "react";
import { CodeView } from "./code-view";
import { Notice } from "./notice";
import { PlainTextView } from "./plain-text-view";
import { RendererToolbar } from "./renderer-toolbar";
import { SandboxedFrame } from "./sandboxed-frame";
import { ToggleOption } from "./toggle-option";
import { ViewSwitch } from "./view-switch";

export interface HtmlViewProps {
  sessionId: string;
  /** The URI that was read and the item's index: the preview frame serves that item. */
  readUri: string;
  index: number;
  text: string;
  /** `text/html;profile=mcp-app` (an MCP App page, often `ui://`). */
  mcpApp: boolean;
  /** Why the source is shown as plain text (too large, minified), or null to highlight it. */
  plainSource: string | null;
  onHighlightAnyway: () => void;
  actions: ReactNode;
}

/** HTML as source by default; a preview only in a sandboxed frame, scripts off unless asked. */
export function HtmlView({
  sessionId,
  readUri,
  index,
  text,
  mcpApp,
  plainSource,
  onHighlightAnyway,
  actions,
}: HtmlViewProps) {
  const [mode, setMode] = useState<"source" | "preview">("source");
  const [scripts, setScripts] = useState(false);
  const controls = (
    <ViewSwitch
      label="HTML view"
      options={[
        { value: "source", label: "Source" },
        { value: "preview", label: "Preview" },
      ]}
      value={mode}
      onChange={setMode}
    />
  );
  const note = mcpApp && (
    <Notice>
      MCP App page (profile=mcp-app): its host would render it in a sandbox; so does this preview.
    </Notice>
  );
  if (mode === "source") {
    return (
      <div>
        {note}
        {plainSource !== null && (
          <Notice>
            {plainSource} The preview works at any size.{" "}
            <button
              type="button"
              onClick={onHighlightAnyway}
              className="font-medium text-sky-700 hover:underline"
            >
              Highlight anyway
            </button>
          </Notice>
        )}
        {plainSource !== null ? (
          <PlainTextView text={text} actions={actions} controls={controls} label="HTML source" />
        ) : (
          <CodeView text={text} language="markup" actions={actions} controls={controls} label="HTML source" />
        )}
      </div>
    );
  }
  return (
    <div>
      {note}
      <RendererToolbar actions={actions}>
        {controls}
        <ToggleOption label="Run its scripts (sandboxed)" checked={scripts} onChange={setScripts} />
      </RendererToolbar>
      <Notice>
        Sandboxed preview: a unique origin without access to this page, its storage or the inspector&apos;s
        API; no forms, pop-ups, navigation of this tab, or remote loads.
      </Notice>
      <SandboxedFrame
        key={scripts ? "scripts" : "static"}
        sessionId={sessionId}
        readUri={readUri}
        index={index}
        kind="html"
        allowScripts={scripts}
        title="HTML preview (sandboxed)"
      />
    </div>
  );
}
