import type { CacheHints } from "@/lib/api/contract";
import { describeHints } from "@/lib/resources/cache-hints";

/**
 * Cache hints in one line ("ttlMs 5,000 · cacheScope public · fresh until 14:03:07") and, below,
 * what was wrong with the values the server sent: the viewer, the list headers, the traffic log.
 */
export function HintText({ hints, fresh }: { hints: CacheHints; fresh: string | null }) {
  const text = [describeHints(hints), fresh].filter(Boolean).join(" · ");
  return (
    <>
      {text || "no valid hint"}
      {hints.hintNotes?.map((note) => (
        <span key={note} role="note" className="block font-sans text-amber-800">
          {note}
        </span>
      ))}
    </>
  );
}
