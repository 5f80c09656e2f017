/** Marks a session opened from a capture file, beside its status, wherever servers are listed. */
export function CaptureBadge({ title, id }: { title?: string; id?: string }) {
  return (
    <span
      id={id}
      title={title}
      className="inline-flex shrink-0 items-center rounded-full bg-violet-50 px-1.5 py-px text-[11px] font-medium text-violet-800 ring-1 ring-violet-200 ring-inset"
    >
      Capture
    </span>
  );
}
