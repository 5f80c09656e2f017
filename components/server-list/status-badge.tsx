import type { SessionStatus } from "@/lib/api/contract";

const styles: Record<SessionStatus, { badge: string; dot: string }> = {
  connecting: { badge: "bg-amber-50 text-amber-800 ring-amber-200", dot: "bg-amber-500 animate-pulse" },
  connected: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-500" },
  disconnected: { badge: "bg-rose-50 text-rose-800 ring-rose-200", dot: "bg-rose-500" },
};

export function StatusBadge({ status, id }: { status: SessionStatus; id?: string }) {
  const style = styles[status];
  return (
    <span
      id={id}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-1.5 py-px text-[11px] font-medium ring-1 ring-inset ${style.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${style.dot}`} />
      {status}
    </span>
  );
}
