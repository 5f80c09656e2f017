import { formatBytes } from "@/lib/content/content-kind";
import { formatClockMs } from "@/lib/ui/format-time";
import type { HeldTrafficEntry } from "@/lib/api/traffic-buffer";

export interface TrafficRowProps {
  id: string;
  entry: HeldTrafficEntry;
  selected: boolean;
  posInSet: number;
  setSize: number;
  /** Absolute position inside the virtual list. */
  top: number;
  onSelect: () => void;
}

const kindStyle: Record<HeldTrafficEntry["kind"], string> = {
  request: "text-sky-700",
  response: "text-emerald-700",
  notification: "text-violet-700",
  error: "text-rose-700",
};

/** One JSON-RPC message: time, direction, kind, method, id, latency, size. */
export function TrafficRow({ id, entry, selected, posInSet, setSize, top, onSelect }: TrafficRowProps) {
  const direction = entry.direction === "out" ? "to server" : "from server";
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      aria-label={`${formatClockMs(entry.at)} ${direction} ${entry.kind} ${entry.method ?? ""}${entry.late ? " (late, ignored)" : ""}`}
      tabIndex={-1}
      onClick={onSelect}
      style={{ transform: `translateY(${top}px)` }}
      className={`absolute inset-x-0 top-0 grid h-[22px] cursor-default grid-cols-[6.5rem_1.25rem_5.5rem_minmax(0,1fr)_4rem_4rem_4.5rem] items-center gap-x-2 px-2 font-mono text-[11px] ${
        selected ? "bg-sky-100 text-sky-950" : "text-zinc-800 hover:bg-zinc-50"
      }`}
    >
      <span className="text-zinc-500 tabular-nums">{formatClockMs(entry.at)}</span>
      <span
        aria-hidden="true"
        title={direction}
        className={entry.direction === "out" ? "text-sky-600" : "text-amber-600"}
      >
        {entry.direction === "out" ? "→" : "←"}
      </span>
      <span className={kindStyle[entry.kind]}>{entry.kind}</span>
      <span className="truncate" title={entry.method}>
        {entry.method ?? <span className="text-zinc-400">—</span>}
        {entry.late && (
          <span
            title="The request was cancelled; this answer came late and was ignored"
            className="ml-1.5 rounded bg-amber-100 px-1 text-amber-800"
          >
            late · ignored
          </span>
        )}
      </span>
      <span className="truncate text-zinc-500" title="JSON-RPC id">
        {entry.rpcId !== undefined ? `#${entry.rpcId}` : ""}
      </span>
      <span className="text-right text-zinc-500 tabular-nums" title="latency">
        {entry.latencyMs !== undefined ? `${entry.latencyMs} ms` : ""}
      </span>
      <span className="text-right text-zinc-500 tabular-nums" title={`${entry.bytes} bytes`}>
        {formatBytes(entry.bytes)}
      </span>
    </div>
  );
}
