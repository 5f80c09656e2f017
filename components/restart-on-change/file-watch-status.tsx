import type { FileWatchStatus } from "@/lib/api/contract";
import { formatClock } from "@/lib/ui/format-time";

/** One line: what watch mode is doing, or what it last did and why. */
export function FileWatchStatusLine({ status }: { status: FileWatchStatus }) {
  const restart = status.lastRestart;
  let text: string;
  let tone = "text-zinc-500";
  if (status.state === "building") text = "building…";
  else if (status.state === "restarting") text = "restarting…";
  else if (status.lastError) {
    text = status.lastError;
    tone = "text-rose-700";
  } else if (restart)
    text = `restarted ${formatClock(Date.parse(restart.at))} after a change to ${restart.cause}`;
  else text = "watching for changes";
  return (
    <span role="status" aria-label="Restart on change status" className={`truncate text-[11px] ${tone}`}>
      {text}
    </span>
  );
}

/** "Changed since the last build: N": opens that comparison. */
export function BuildDiffButton({ changes, onClick }: { changes: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="shrink-0 rounded px-1.5 text-[11px] font-medium text-sky-800 hover:bg-zinc-200"
    >
      Changed since the last build: {changes}
    </button>
  );
}
