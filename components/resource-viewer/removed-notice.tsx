import { formatClock } from "@/lib/ui/format-time";

/** Shown over the last content of a resource the server no longer lists. */
export function RemovedNotice({ at }: { at: number }) {
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950"
    >
      <p className="font-medium">
        This resource was removed from the server&apos;s list at {formatClock(at)}.
      </p>
      <p className="mt-0.5 text-amber-800">
        What it last returned is still shown below; re-reading it may fail.
      </p>
    </div>
  );
}
