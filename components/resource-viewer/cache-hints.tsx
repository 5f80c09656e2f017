import type { CacheHints as Hints } from "@/lib/api/contract";

function describe(h: Hints): string {
  const parts: string[] = [];
  if (h.ttlMs !== undefined)
    parts.push(h.ttlMs === 0 ? "ttlMs 0 (stale at once)" : `ttlMs ${h.ttlMs.toLocaleString("en")}`);
  if (h.cacheScope) parts.push(`cacheScope ${h.cacheScope}`);
  return parts.join(" · ");
}

/**
 * The 2026-07-28 cache hints of the read and of the list it came from: how long the server says
 * they stay fresh (the inspector's own refresh follows it) and who may share them.
 */
export function CacheHints({ read, list }: { read: Hints | undefined; list: Hints | undefined }) {
  const readText = read ? describe(read) : "";
  const listText = list ? describe(list) : "";
  if (!readText && !listText) return null;
  return (
    <dl aria-label="Cache hints" className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-xs">
      {readText && (
        <>
          <dt className="text-zinc-500">read cache</dt>
          <dd className="font-mono">{readText}</dd>
        </>
      )}
      {listText && (
        <>
          <dt className="text-zinc-500">list cache</dt>
          <dd className="font-mono">{listText}</dd>
        </>
      )}
    </dl>
  );
}
