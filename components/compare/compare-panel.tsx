"use client";

import { useMemo, useState } from "react";
import { JsonDiffTable } from "@/components/watch/json-diff-table";
import type { CompareResponse } from "@/lib/api/contract";
import { compareEntries, mismatchRows } from "./compare-rows";
import { CompareDetail } from "./compare-detail";
import { CompareList, type CompareSelection } from "./compare-list";
import { CompareSummary } from "./compare-summary";

/**
 * A comparison: the counts, every URI that differs (a list of buttons) and, beside it, the changes
 * of the one chosen — listing fields, then the contents both sides read. The first entry is open.
 */
export function ComparePanel({ response }: { response: CompareResponse }) {
  const entries = useMemo(() => compareEntries(response.diff), [response.diff]);
  const [chosen, setChosen] = useState<CompareSelection | null>(null);
  // A re-run may drop the chosen entry: fall back to the first.
  const selected =
    chosen &&
    ("server" in chosen
      ? response.diff.server.length > 0
      : entries.some((e) => e.key === chosen.entry.key && e.area === chosen.entry.area))
      ? chosen
      : entries[0]
        ? { entry: entries[0] }
        : response.diff.server.length > 0
          ? ({ server: true } as const)
          : null;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <CompareSummary response={response} />
      {(!response.diff.equal ||
        response.diff.readOnly.before.length + response.diff.readOnly.after.length > 0) && (
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(14rem,22rem)_minmax(0,1fr)] gap-3">
          <div className="scrollbar-thin min-h-0 overflow-y-auto border-r border-zinc-200 pr-2">
            <CompareList response={response} entries={entries} selected={selected} onSelect={setChosen} />
          </div>
          <div className="scrollbar-thin min-h-0 overflow-y-auto">
            {selected && "entry" in selected ? (
              <CompareDetail
                key={`${selected.entry.area}-${selected.entry.key}`}
                response={response}
                entry={selected.entry}
              />
            ) : selected ? (
              <article aria-label="Changes of the server card" className="flex flex-col gap-2">
                <h3 className="text-sm font-medium text-zinc-900">Server card</h3>
                <JsonDiffTable
                  diff={mismatchRows(response.diff.server, "/server")}
                  label="Server card changes"
                />
              </article>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
