"use client";

import { useState, type ReactNode } from "react";
import type { SniffResult } from "@/lib/content/mime-sniff";
import { BinaryView } from "./binary-view";
import { Notice } from "./notice";
import { RendererToolbar } from "./renderer-toolbar";
import { SandboxedFrame } from "./sandboxed-frame";
import { ViewSwitch } from "./view-switch";

export interface PdfViewProps {
  sessionId: string;
  readUri: string;
  index: number;
  base64: string;
  byteLength: number;
  sniffed: SniffResult | undefined | null;
  actions: ReactNode;
}

interface UaData {
  brands?: readonly { brand: string }[];
}

/**
 * Whether the browser can show a PDF inside a sandboxed frame: it has a viewer
 * (`navigator.pdfViewerEnabled`) and is not Chromium-based. Chromium's viewer is a plugin, and
 * plugins never load in sandboxed frames (the frame shows a "blocked" page instead).
 */
function browserShowsPdfSandboxed(): boolean {
  if (typeof navigator === "undefined" || navigator.pdfViewerEnabled !== true) return false;
  const brands = (navigator as Navigator & { userAgentData?: UaData }).userAgentData?.brands ?? [];
  return !brands.some((b) => b.brand === "Chromium");
}

/**
 * A PDF inline, in a frame sandboxed like HTML previews (no scripts, unique origin), where the
 * browser has a PDF viewer; otherwise (and on request) the binary placeholder with its details.
 */
export function PdfView({ sessionId, readUri, index, base64, byteLength, sniffed, actions }: PdfViewProps) {
  const inline = browserShowsPdfSandboxed();
  const [mode, setMode] = useState<"preview" | "details">(inline ? "preview" : "details");
  const controls = inline && (
    <ViewSwitch
      label="PDF view"
      options={[
        { value: "preview", label: "Preview" },
        { value: "details", label: "Details" },
      ]}
      value={mode}
      onChange={setMode}
    />
  );
  if (mode === "details" || !inline) {
    return (
      <div>
        {!inline && (
          <Notice>
            This browser cannot show a PDF inside a sandboxed frame; use Download to open the file.
          </Notice>
        )}
        <BinaryView
          base64={base64}
          mimeType="application/pdf"
          byteLength={byteLength}
          sniffed={sniffed}
          actions={actions}
          controls={controls}
        />
      </div>
    );
  }
  return (
    <div>
      <RendererToolbar actions={actions}>{controls}</RendererToolbar>
      <SandboxedFrame
        sessionId={sessionId}
        readUri={readUri}
        index={index}
        kind="pdf"
        allowScripts={false}
        title="PDF preview (sandboxed)"
        className="h-[70vh] w-full border-0"
      />
    </div>
  );
}
