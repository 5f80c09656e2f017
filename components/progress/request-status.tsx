import { formatElapsed, SHOW_CANCEL_AFTER_MS, type RequestProgress } from "@/lib/api/progress";
import { ProgressBar } from "./progress-bar";

export interface RequestStatusProps {
  /** "Reading demo://slow/report", "Calling slow_task", "Listing resources". */
  label: string;
  elapsedMs: number;
  progress: RequestProgress | undefined;
  onCancel: () => void;
  /** Outer spacing where it sits. */
  className?: string;
}

/** The server reported progress (ours — pages, bytes — waits for the request to be slow). */
const serverProgress = (p: RequestProgress | undefined) =>
  p !== undefined && !p.ours && (p.progress !== undefined || p.message !== undefined);

/**
 * A request in flight: the server's progress as soon as it reports any, and after a second the
 * elapsed time and a Cancel button. Nothing at all for a quick request (no flicker).
 */
export function RequestStatus({ label, elapsedMs, progress, onCancel, className = "" }: RequestStatusProps) {
  const slow = elapsedMs >= SHOW_CANCEL_AFTER_MS;
  if (!slow && !serverProgress(progress)) return null;
  return (
    <div
      role="group"
      aria-label={`${label}: in progress`}
      className={`flex items-center gap-3 rounded-md ${className} border border-sky-200 bg-sky-50/60 px-2.5 py-1.5`}
    >
      <ProgressBar label={label} progress={progress} />
      {slow && (
        <>
          <span className="shrink-0 text-[11px] text-zinc-600 tabular-nums" aria-live="off">
            {formatElapsed(elapsedMs)}
          </span>
          <button
            type="button"
            onClick={onCancel}
            className="shrink-0 rounded border border-zinc-300 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none"
          >
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
