import type { StreamStatus } from "@/lib/api/event-stream-client";

const look: Record<StreamStatus, { dot: string; text: string; label: string; title: string }> = {
  live: {
    dot: "bg-emerald-400",
    text: "text-zinc-300",
    label: "Live",
    title: "The event stream is connected: the page follows every server without polling.",
  },
  connecting: {
    dot: "bg-zinc-400 animate-pulse",
    text: "text-zinc-400",
    label: "Connecting…",
    title: "Opening the event stream.",
  },
  reconnecting: {
    dot: "bg-amber-400 animate-pulse",
    text: "text-amber-200",
    label: "Reconnecting…",
    title: "The event stream dropped; retrying with backoff. Server status is polled meanwhile.",
  },
};

/** Whether the live event stream is up, in the header. */
export function StreamIndicator({ status }: { status: StreamStatus }) {
  const { dot, text, label, title } = look[status];
  return (
    <span role="status" title={title} className={`flex items-center gap-1.5 ${text}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${dot}`} />
      <span>
        <span className="sr-only">Live updates: </span>
        {label}
      </span>
    </span>
  );
}
