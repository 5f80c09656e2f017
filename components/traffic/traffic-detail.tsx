import { HintText } from "@/components/resource-viewer/hint-text";
import { useFreshness } from "@/components/resource-viewer/use-freshness";
import { JsonBlock } from "@/components/ui/json-block";
import { formatBytes } from "@/lib/content/content-kind";
import { formatClockMs } from "@/lib/ui/format-time";
import type { HeldTrafficEntry } from "@/lib/api/traffic-buffer";
import { hasHints, hintsOf } from "@/lib/resources/cache-hints";

/** A result's 2026-07-28 cache hints, checked, and until when they held from its arrival. */
function ResultHints({ entry }: { entry: HeldTrafficEntry }) {
  const result = (entry.message as { result?: unknown } | null | undefined)?.result;
  const hints = entry.direction === "in" && result !== undefined ? hintsOf(result, entry.at) : undefined;
  const fresh = useFreshness(hints);
  if (!hasHints(hints)) return null;
  return (
    <>
      <dt className="text-zinc-500">cache</dt>
      <dd className="font-mono">
        <HintText hints={hints} fresh={fresh} />
      </dd>
    </>
  );
}

export interface TrafficDetailProps {
  entry: HeldTrafficEntry;
  /** The message is being fetched from the backend's log. */
  loading: boolean;
  onClose: () => void;
}

/** One message in full: what the row summarizes, then the JSON as sent or received. */
export function TrafficDetail({ entry, loading, onClose }: TrafficDetailProps) {
  return (
    <section
      aria-label="Message"
      className="flex min-h-0 w-[42%] shrink-0 flex-col border-l border-zinc-200 bg-zinc-50/60"
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 text-[11px]">
        <span className="font-medium text-zinc-800">
          {entry.direction === "out" ? "→ to server" : "← from server"} · {entry.kind}
          {entry.method ? ` · ${entry.method}` : ""}
        </span>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close message"
          className="ml-auto rounded px-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900"
        >
          ✕
        </button>
      </header>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-auto p-2">
        <dl className="mb-2 grid grid-cols-[5rem_1fr] gap-x-2 text-[11px]">
          <dt className="text-zinc-500">time</dt>
          <dd className="font-mono">{formatClockMs(entry.at)}</dd>
          {entry.rpcId !== undefined && (
            <>
              <dt className="text-zinc-500">id</dt>
              <dd className="font-mono">{String(entry.rpcId)}</dd>
            </>
          )}
          {entry.latencyMs !== undefined && (
            <>
              <dt className="text-zinc-500">latency</dt>
              <dd className="font-mono">{entry.latencyMs} ms</dd>
            </>
          )}
          <dt className="text-zinc-500">size</dt>
          <dd className="font-mono">
            {formatBytes(entry.bytes)} ({entry.bytes.toLocaleString("en")} bytes)
          </dd>
          <dt className="text-zinc-500">seq</dt>
          <dd className="font-mono">{entry.seq}</dd>
          <ResultHints entry={entry} />
        </dl>
        {entry.message !== undefined ? (
          <>
            {entry.truncated && (
              <p className="mb-1 text-[11px] text-amber-800">
                Larger than 16 KB: the backend kept the beginning only.
              </p>
            )}
            {typeof entry.message === "string" ? (
              <pre className="font-mono text-[11px] break-all whitespace-pre-wrap">{entry.message}</pre>
            ) : (
              <JsonBlock value={entry.message} />
            )}
          </>
        ) : loading ? (
          <p className="text-[11px] text-zinc-500">Loading the message…</p>
        ) : (
          <p className="text-[11px] text-zinc-500">
            The backend no longer holds this message (it keeps the last 1,000 per server).
          </p>
        )}
      </div>
    </section>
  );
}
