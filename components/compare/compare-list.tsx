import type { CompareResponse } from "@/lib/api/contract";
import type { CompareEntry } from "./compare-rows";
import { useShownCount } from "@/components/ui/show-more";
import { KindBadge } from "./kind-badge";

/** What the detail shows: one entry, or the server card. */
export type CompareSelection = { entry: CompareEntry } | { server: true };

export interface CompareListProps {
  response: CompareResponse;
  entries: readonly CompareEntry[];
  selected: CompareSelection | null;
  onSelect: (selection: CompareSelection) => void;
}

const ITEM =
  "flex w-full items-center gap-2 rounded px-2 py-1 text-left text-xs hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none aria-[current=true]:bg-sky-50 aria-[current=true]:text-sky-950";

const sameEntry = (a: CompareSelection | null, e: CompareEntry) =>
  a !== null && "entry" in a && a.entry.area === e.area && a.entry.key === e.key;

/** Every URI that differs, grouped, each a button that opens its changes; then what only one side read. */
export function CompareList({ response, entries, selected, onSelect }: CompareListProps) {
  const { diff, omitted, before, after } = response;
  const groups = [
    {
      area: "resource" as const,
      title: "Resources",
      more: omitted.resources.added + omitted.resources.removed + omitted.resources.changed + omitted.reads,
    },
    {
      area: "template" as const,
      title: "Templates",
      more: omitted.templates.added + omitted.templates.removed + omitted.templates.changed,
    },
  ];
  return (
    <nav aria-label="What differs" className="flex flex-col gap-3">
      {diff.server.length > 0 && (
        <button
          type="button"
          className={ITEM}
          aria-current={selected !== null && "server" in selected}
          onClick={() => onSelect({ server: true })}
        >
          <span className="font-medium">Server card</span>
          <span className="text-zinc-500">{diff.server.length} changed</span>
        </button>
      )}
      {groups.map((g) => {
        const list = entries.filter((e) => e.area === g.area);
        if (list.length === 0 && g.more === 0) return null;
        return (
          <EntryGroup
            key={g.area}
            title={g.title}
            list={list}
            more={g.more}
            selected={selected}
            onSelect={onSelect}
          />
        );
      })}
      <OneSide
        title={`Read on ${before.name} only`}
        uris={diff.readOnly.before}
        more={omitted.readOnly.before}
      />
      <OneSide
        title={`Read on ${after.name} only`}
        uris={diff.readOnly.after}
        more={omitted.readOnly.after}
      />
    </nav>
  );
}

/** Entries rendered a page at a time (the answer holds up to COMPARE_BUDGET.maxEntries a list). */
const PAGE = 100;

function EntryGroup({
  title,
  list,
  more,
  selected,
  onSelect,
}: {
  title: string;
  list: readonly CompareEntry[];
  more: number;
  selected: CompareSelection | null;
  onSelect: (selection: CompareSelection) => void;
}) {
  const { shown, more: showMore } = useShownCount(list.length, PAGE);
  return (
    <section aria-label={title} className="flex flex-col">
      <h3 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase">
        {title} <span className="font-normal">({list.length + more})</span>
      </h3>
      <ul className="flex flex-col">
        {list.slice(0, shown).map((e) => (
          <li key={`${e.kind}-${e.key}`}>
            <button
              type="button"
              className={ITEM}
              aria-current={sameEntry(selected, e)}
              onClick={() => onSelect({ entry: e })}
            >
              <span className="min-w-0 flex-1 truncate font-mono" title={e.key}>
                {e.key}
              </span>
              <KindBadge kind={e.kind} />
              {e.contentDiffers && e.kind !== "content" && <KindBadge kind="content" />}
            </button>
          </li>
        ))}
      </ul>
      {showMore(title.toLowerCase())}
      {more > 0 && <p className="px-2 text-[11px] text-zinc-500">{more} more, not listed</p>}
    </section>
  );
}

function OneSide({ title, uris, more }: { title: string; uris: readonly string[]; more: number }) {
  const { shown, more: showMore } = useShownCount(uris.length, PAGE);
  if (uris.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase">
        {title} <span className="font-normal">({uris.length + more})</span>
      </h3>
      <p className="px-2 pb-1 text-[11px] text-zinc-500">Not compared: the other side did not read them.</p>
      <ul className="flex flex-col px-2 font-mono text-xs text-zinc-700">
        {uris.slice(0, shown).map((u) => (
          <li key={u} className="truncate" title={u}>
            {u}
          </li>
        ))}
      </ul>
      {showMore("URIs")}
      {more > 0 && <p className="px-2 text-[11px] text-zinc-500">{more} more, not listed</p>}
    </section>
  );
}
