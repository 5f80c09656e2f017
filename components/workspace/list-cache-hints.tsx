"use client";

import { HintText } from "@/components/resource-viewer/hint-text";
import { useFreshness } from "@/components/resource-viewer/use-freshness";
import type { CacheHints } from "@/lib/api/contract";
import { describeHints, hasHints } from "@/lib/resources/cache-hints";

/** At most this many pages are spelled out; a longer walk says how many more. */
const MAX_PAGES_SHOWN = 50;

const line = (h: CacheHints) => describeHints(h) || "no valid hint";

function PageLine({ page, hints }: { page: number; hints: CacheHints }) {
  const fresh = useFreshness(hints);
  return (
    <li>
      page {page}: <HintText hints={hints} fresh={fresh} />
    </li>
  );
}

/**
 * A listing's 2026-07-28 cache hints under its header (resources/list, resources/templates/list):
 * one line when every page said the same, else each page's own; nothing in the legacy era.
 */
export function ListCacheHints({
  list,
  method,
}: {
  list: CacheHints & { pageHints?: CacheHints[] };
  method: string;
}) {
  const pages = list.pageHints ?? (hasHints(list) ? [list] : []);
  const first = pages[0];
  const fresh = useFreshness(first);
  if (!first || !pages.some(hasHints)) return null;
  const same = pages.every((p) => line(p) === line(first) && !p.hintNotes?.length);
  return (
    <div
      aria-label={`${method} cache hints`}
      role="group"
      className="px-3 py-0.5 font-mono text-[11px] text-zinc-500"
    >
      {same ? (
        <p>
          {pages.length > 1 ? `${pages.length} pages: ` : ""}
          <HintText hints={first} fresh={fresh} />
        </p>
      ) : (
        <details>
          <summary className="cursor-pointer">cache hints differ by page ({pages.length} pages)</summary>
          <ol>
            {pages.slice(0, MAX_PAGES_SHOWN).map((h, i) => (
              <PageLine key={i} page={i + 1} hints={h} />
            ))}
          </ol>
          {pages.length > MAX_PAGES_SHOWN && <p>… and {pages.length - MAX_PAGES_SHOWN} more pages</p>}
        </details>
      )}
    </div>
  );
}
