"use client";

import { useState, type DragEvent, type ReactNode } from "react";
import type { SessionSummary } from "@/lib/api/contract";
import { useOpenCapture } from "./use-open-capture";

const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes("Files");

/**
 * The workspace as a drop target for capture files (issue 25): a file dropped anywhere on it is
 * opened offline, as "Open capture…" does. Only drags that carry files are taken; a dragged text
 * or link still reaches the paste box.
 */
export function CaptureDropZone({
  onOpened,
  className,
  children,
}: {
  onOpened: (session: SessionSummary) => void;
  className?: string;
  children: ReactNode;
}) {
  // dragenter/dragleave fire for every child crossed: a count, not a flag.
  const [depth, setDepth] = useState(0);
  const open = useOpenCapture(onOpened);
  return (
    <div
      className={`relative ${className ?? ""}`}
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDepth((d) => d + 1);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(e) => {
        if (!hasFiles(e)) return;
        setDepth((d) => Math.max(0, d - 1));
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDepth(0);
        const file = e.dataTransfer.files[0];
        if (file) open.mutate(file);
      }}
    >
      {children}
      {depth > 0 && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-2 z-50 flex items-center justify-center rounded-xl border-2 border-dashed border-sky-500 bg-sky-50/85 text-sm font-medium text-sky-900"
        >
          Drop a capture file to open it offline
        </div>
      )}
      {(open.isPending || open.isError) && (
        <div
          role={open.isError ? "alert" : "status"}
          className={`absolute bottom-3 left-1/2 z-50 flex max-w-xl -translate-x-1/2 items-start gap-3 rounded-md border px-3 py-2 text-xs shadow-md ${
            open.isError
              ? "border-rose-300 bg-rose-50 text-rose-900"
              : "border-zinc-300 bg-white text-zinc-700"
          }`}
        >
          <span className="break-words">{open.isError ? open.error.message : "Opening the capture…"}</span>
          {open.isError && (
            <button
              type="button"
              onClick={() => open.reset()}
              className="shrink-0 rounded px-1 font-medium hover:bg-rose-100"
            >
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
