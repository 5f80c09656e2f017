import { JsonDiffTable } from "@/components/watch/json-diff-table";
import type { CompareResponse } from "@/lib/api/contract";
import { joinPointer } from "@/lib/json/json-pointer";
import { mismatchRows, readOf, type CompareEntry } from "./compare-rows";
import { useShownCount } from "@/components/ui/show-more";
import { KindBadge } from "./kind-badge";
import { ReadItemDiff } from "./read-item-diff";

export interface CompareDetailProps {
  response: CompareResponse;
  entry: CompareEntry;
}

/** One URI that differs: the listing fields that changed and, when both sides read it, its contents. */
export function CompareDetail({ response, entry }: CompareDetailProps) {
  const { diff, before, after } = response;
  const list = entry.area === "resource" ? diff.resources : diff.templates;
  const keyOf = (item: object) =>
    entry.area === "resource" ? (item as { uri: string }).uri : (item as { uriTemplate: string }).uriTemplate;
  const changed = list.changed.find((c) => c.key === entry.key);
  const only =
    entry.kind === "added"
      ? list.added.find((i) => keyOf(i) === entry.key)
      : entry.kind === "removed"
        ? list.removed.find((i) => keyOf(i) === entry.key)
        : undefined;
  const read = entry.area === "resource" ? readOf(diff, entry.key) : undefined;
  // Up to maxItemsPerRead items, each a table of up to maxTextRows rows: ten at a time.
  const { shown: shownItems, more: moreItems } = useShownCount(read?.items.length ?? 0, 10);
  const base = joinPointer(entry.area === "resource" ? "/resources" : "/templates", entry.key);
  return (
    <article aria-label={`Changes of ${entry.key}`} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-sm break-all text-zinc-900">{entry.key}</h3>
        <KindBadge kind={entry.kind} />
      </header>
      {only && (
        <section aria-label="Listing" className="rounded-md border border-zinc-200">
          <p className="border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px] text-zinc-600">
            Listed by {entry.kind === "added" ? after.name : before.name} only
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 px-3 py-2 text-xs">
            {Object.entries(only).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-zinc-500">{k}</dt>
                <dd className="font-mono break-all text-zinc-900">
                  {typeof v === "string" ? v : JSON.stringify(v)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {changed && (
        <section
          aria-label="Listing fields that changed"
          className="overflow-hidden rounded-md border border-zinc-200"
        >
          <p className="border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px] text-zinc-600">
            Listing fields that changed
          </p>
          <JsonDiffTable
            diff={mismatchRows(changed.fields, base)}
            label={`Listing changes of ${entry.key}`}
          />
        </section>
      )}
      {read?.error && (
        <dl
          aria-label="Read errors"
          className="grid grid-cols-[auto_1fr] gap-x-3 rounded-md border border-zinc-200 px-3 py-2 text-xs"
        >
          <dt className="text-zinc-500">{before.name}</dt>
          <dd className="break-all text-zinc-900">{read.error.before ?? "read fine"}</dd>
          <dt className="text-zinc-500">{after.name}</dt>
          <dd className="break-all text-zinc-900">{read.error.after ?? "read fine"}</dd>
        </dl>
      )}
      {read?.items.slice(0, shownItems).map((item) => (
        <ReadItemDiff key={`${item.index}-${item.kind}`} uri={entry.key} change={item} />
      ))}
      {moreItems("content items")}
      {entry.area === "resource" && !read && entry.kind !== "added" && entry.kind !== "removed" && (
        <p className="text-xs text-zinc-500">
          {diff.readOnly.before.includes(entry.key) || diff.readOnly.after.includes(entry.key)
            ? "Read on one side only: its contents were not compared."
            : "No content difference: the two reads were the same, or it was not read on both sides."}
        </p>
      )}
    </article>
  );
}
