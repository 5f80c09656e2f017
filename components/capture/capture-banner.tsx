import type { SessionSummary } from "@/lib/api/contract";

/** The capture's time as the reader's locale writes a date and time, or the file's text as it is. */
export function takenAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * Above the tree and the viewer of a session opened from a capture: what is shown is a file, from
 * when and which inspector, and that no server runs behind it.
 */
export function CaptureBanner({
  session,
}: {
  session: SessionSummary & { capture: NonNullable<SessionSummary["capture"]> };
}) {
  const { capture } = session;
  return (
    <div
      role="note"
      aria-label="Capture"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-violet-200 bg-violet-50 px-3 py-1.5 text-xs text-violet-950"
    >
      <span className="rounded bg-violet-200/70 px-1.5 py-px text-[11px] font-semibold tracking-wide text-violet-900 uppercase">
        Offline
      </span>
      <p className="min-w-0">
        Capture of <strong className="font-semibold">{session.name}</strong>, taken{" "}
        <time dateTime={capture.capturedAt}>{takenAt(capture.capturedAt)}</time> by mcp-resource-inspector{" "}
        {capture.inspector} — read-only, no server running.
      </p>
      <p className="text-violet-800/80">
        {capture.reads} read{capture.reads === 1 ? "" : "s"} captured
        {capture.file ? ` · ${capture.file}` : ""}
      </p>
    </div>
  );
}
