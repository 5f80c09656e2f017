import { formatClockMs } from "@/lib/ui/format-time";

export interface WatchStatusProps {
  /** Server time of the latest update notification, null before the first. */
  lastUpdateAt: number | null;
  updates: number;
  since: number;
  /** Server time of the latest update that re-read identical bytes, when it is the latest. */
  identicalAt: number | null;
}

/** "Watching · updated at 14:03:07.042 · 12 updates", and a note when bytes did not change. */
export function WatchStatus({ lastUpdateAt, updates, since, identicalAt }: WatchStatusProps) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-zinc-600">
      <span className="inline-flex items-center gap-1 font-medium text-sky-800">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-sky-500" />
        Watching
      </span>
      {lastUpdateAt === null ? (
        <span>since {formatClockMs(since)}, no update yet</span>
      ) : (
        <>
          <span className="rounded bg-amber-50 px-1 font-mono text-amber-900 ring-1 ring-amber-200 ring-inset">
            updated at {formatClockMs(lastUpdateAt)}
          </span>
          <span>
            {updates} {updates === 1 ? "update" : "updates"}
          </span>
        </>
      )}
      {identicalAt !== null && (
        <span className="text-zinc-500">
          · the update at {formatClockMs(identicalAt)} re-read identical bytes
        </span>
      )}
    </span>
  );
}
