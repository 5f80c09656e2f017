"use client";

import { useRef } from "react";
import type { SessionSummary } from "@/lib/api/contract";
import { CAPTURE_SUFFIX } from "@/lib/capture/names";
import { useOpenCapture } from "./use-open-capture";

/** "Open capture…": a capture file from disk, opened offline (a file dropped on the page does the same). */
export function OpenCaptureButton({ onOpened }: { onOpened: (session: SessionSummary) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const open = useOpenCapture(onOpened);
  return (
    <div className="flex flex-col gap-1 text-xs">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={open.isPending}
        title="Open a capture file offline: its tree, reads, traffic and problems, read-only (or drop the file on the page)"
        className="self-start rounded px-1 py-0.5 font-medium text-sky-800 hover:bg-sky-50 hover:underline disabled:opacity-60"
      >
        {open.isPending ? "Opening capture…" : "Open capture…"}
      </button>
      <input
        ref={input}
        type="file"
        accept={`${CAPTURE_SUFFIX},.gz,.json,application/gzip,application/json`}
        aria-label="Capture file"
        className="hidden"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // The same file picked again after a failure must fire a change again.
          e.currentTarget.value = "";
          if (file) open.mutate(file);
        }}
      />
      {open.isError && (
        <p role="alert" className="break-words text-rose-800">
          {open.error.message}
        </p>
      )}
    </div>
  );
}
