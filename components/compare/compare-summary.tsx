import type { CompareResponse } from "@/lib/api/contract";
import type { EntityDiff } from "@/lib/capture/compare";

function counts(d: EntityDiff<unknown>) {
  return `+${d.added.length} −${d.removed.length} ~${d.changed.length}`;
}
function spoken(d: EntityDiff<unknown>) {
  return `${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed`;
}

/** The counts at the top of a comparison: listings, reads, the server card. */
export function CompareSummary({ response }: { response: CompareResponse }) {
  const { diff, omitted } = response;
  const rows: { term: string; value: string; label: string }[] = [
    {
      term: "Resources",
      value: counts(diff.resources),
      label: spoken(diff.resources),
    },
    { term: "Templates", value: counts(diff.templates), label: spoken(diff.templates) },
    {
      term: "Reads that differ",
      value: String(diff.reads.length + omitted.reads),
      label: String(diff.reads.length + omitted.reads),
    },
    {
      term: "Read on one side only",
      value: String(diff.readOnly.before.length + diff.readOnly.after.length),
      label: String(diff.readOnly.before.length + diff.readOnly.after.length),
    },
    { term: "Server card changes", value: String(diff.server.length), label: String(diff.server.length) },
  ];
  // Counts beyond the caps: the kept lists are the first N.
  const more = (e: { added: number; removed: number; changed: number }) => e.added + e.removed + e.changed;
  const extra = more(omitted.resources) + more(omitted.templates);
  return (
    <div className="flex flex-col gap-1">
      <p role="status" className="text-xs font-medium text-zinc-800">
        {headline(response)}
      </p>
      <dl aria-label="Summary" className="flex flex-wrap gap-x-4 gap-y-1 text-[11px]">
        {rows.map((r) => (
          <div key={r.term} className="flex gap-1">
            <dt className="text-zinc-500">{r.term}</dt>
            <dd aria-label={r.label} className="font-mono text-zinc-900">
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
      {extra > 0 && (
        <p className="text-[11px] text-zinc-500">
          The lists show the first entries; {extra} more are counted, not listed.
        </p>
      )}
    </div>
  );
}

/** One server against itself is watch mode's rebuild against the build before it. */
function headline({ diff, changes, before, after }: CompareResponse): string {
  const rebuild = before.sessionId === after.sessionId;
  if (diff.equal)
    return rebuild
      ? "Nothing changed since the build before."
      : `${before.name} and ${after.name} are the same.`;
  const n = `${changes.toLocaleString("en")} ${changes === 1 ? "change" : "changes"}`;
  return rebuild ? `${n} since the build before.` : `${n} from ${before.name} to ${after.name}.`;
}
