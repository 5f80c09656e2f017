"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SessionSummary } from "@/lib/api/contract";
import { inFlightQuery, requestProgressQuery } from "@/lib/api/queries";
import { slots } from "@/lib/api/tracked-request";
import { DEFAULT_CAPTURE_MB, MAX_CAPTURE_BYTES } from "@/lib/capture/capture-request";
import { formatBytes } from "@/lib/content/content-kind";
import { CaptureDialog } from "./capture-dialog";
import { isAbort, useCapture } from "./use-capture";

const MB = 1024 * 1024;

/** The budget field (MB) as bytes, or why it cannot be one. */
export function budgetBytes(megabytes: string): { bytes: number } | { error: string } {
  const n = Number(megabytes);
  if (megabytes.trim() === "" || !Number.isFinite(n) || n < 0)
    return { error: "Give a size in MB, 0 or more." };
  const bytes = Math.round(n * MB);
  if (bytes > MAX_CAPTURE_BYTES) return { error: `At most ${MAX_CAPTURE_BYTES / MB} MB.` };
  return { bytes };
}

/** The server card's Capture button and its dialog (a connected server only). */
export function CaptureControl({ session }: { session: SessionSummary }) {
  const [open, setOpen] = useState(false);
  if (session.status !== "connected" && !open) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Capture ${session.name}`}
        title="Save this server's whole state as one file, to attach to a bug report or open offline"
        className="relative z-10 mt-1.5 inline-flex items-center gap-1 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-100"
      >
        Capture
      </button>
      {open && <CaptureRun session={session} onClose={() => setOpen(false)} />}
    </>
  );
}

function CaptureRun({ session, onClose }: { session: SessionSummary; onClose: () => void }) {
  const [all, setAll] = useState(false);
  const [megabytes, setMegabytes] = useState(String(DEFAULT_CAPTURE_MB));
  const { capture, cancel } = useCapture(session.id);
  const entry = useQuery(inFlightQuery(session.id, slots.capture)).data;
  const progress = useQuery({
    ...requestProgressQuery(session.id, entry?.requestId ?? "none"),
    enabled: Boolean(entry),
  }).data;
  const budget = budgetBytes(megabytes);
  const error = capture.error;
  const outcome = capture.data
    ? { saved: capture.data.fileName, size: formatBytes(capture.data.blob.size) }
    : error
      ? { error: isAbort(error) ? "Capture cancelled: nothing was saved." : error.message }
      : null;
  return (
    <CaptureDialog
      serverName={session.name}
      all={all}
      onAll={setAll}
      megabytes={megabytes}
      onMegabytes={setMegabytes}
      budgetError={"error" in budget ? budget.error : null}
      running={capture.isPending}
      progress={entry ? progress : undefined}
      outcome={outcome}
      onCapture={() =>
        capture.mutate(all && "bytes" in budget ? { all: true, maxBytes: budget.bytes } : { all: false })
      }
      onCancel={cancel}
      onClose={() => {
        // Closing the dialog while it runs is a cancel: no download appears later, unasked.
        if (capture.isPending) cancel();
        onClose();
      }}
    />
  );
}
