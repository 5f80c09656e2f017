import type { CacheHints as Hints } from "@/lib/api/contract";
import { hasHints } from "@/lib/resources/cache-hints";
import { HintText } from "./hint-text";
import { useFreshness } from "./use-freshness";

/** One row: the hints, how long they hold from when the answer arrived, and what was wrong with them. */
function HintRow({ term, hints }: { term: string; hints: Hints }) {
  const fresh = useFreshness(hints);
  return (
    <>
      <dt className="text-zinc-500">{term}</dt>
      <dd className="font-mono">
        <HintText hints={hints} fresh={fresh} />
      </dd>
    </>
  );
}

/**
 * The 2026-07-28 cache hints of the read and of the list it came from: how long the server says
 * they stay fresh (the inspector's own refresh follows it), until when, and who may share them.
 */
export function CacheHints({ read, list }: { read: Hints | undefined; list: Hints | undefined }) {
  if (!hasHints(read) && !hasHints(list)) return null;
  return (
    <dl aria-label="Cache hints" className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-xs">
      {hasHints(read) && <HintRow term="read cache" hints={read} />}
      {hasHints(list) && <HintRow term="list cache" hints={list} />}
    </dl>
  );
}
