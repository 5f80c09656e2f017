import type { RecordingInfo } from "@/lib/check/results";
import { RecordingIndicator } from "./recording-indicator";

export interface RecordButtonsProps {
  recording: RecordingInfo | null;
  /** A stopped recording waits for review. */
  hasDraft: boolean;
  busy: boolean;
  error: string | null;
  onRecord: () => void;
  onStop: () => void;
  onReview: () => void;
}

const button =
  "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-[11px] font-medium disabled:opacity-50";

/** A server's recording controls: Record; or the red indicator with Stop recording; or Review. */
export function RecordButtons({
  recording,
  hasDraft,
  busy,
  error,
  onRecord,
  onStop,
  onReview,
}: RecordButtonsProps) {
  return (
    <div className="relative z-10 mt-1.5 flex flex-wrap items-center gap-2">
      {recording ? (
        <>
          <RecordingIndicator startedAt={recording.startedAt} steps={recording.steps.length} />
          <button
            type="button"
            onClick={onStop}
            disabled={busy}
            title="Stop recording and review the steps"
            className={`${button} border-rose-300 bg-rose-50 text-rose-800 hover:bg-rose-100`}
          >
            <span aria-hidden="true" className="size-2 rounded-[1px] bg-rose-700" />
            {busy ? "Stopping…" : "Stop recording"}
          </button>
        </>
      ) : hasDraft ? (
        <button
          type="button"
          onClick={onReview}
          className={`${button} border-sky-300 bg-sky-50 text-sky-800 hover:bg-sky-100`}
        >
          Review recording
        </button>
      ) : (
        <button
          type="button"
          onClick={onRecord}
          disabled={busy}
          title="Record what you do with this server as a check that can run headless in CI"
          className={`${button} border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-100`}
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-rose-600" />
          Record
        </button>
      )}
      {error && (
        <p role="alert" className="w-full text-[11px] text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
