"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PaneHeader } from "@/components/ui/pane-header";
import { QueryState } from "@/components/ui/query-state";
import type { SessionSummary } from "@/lib/api/contract";
import { formatClock } from "@/lib/ui/format-time";
import { ComparePanel } from "./compare-panel";
import { useLastBuildDiff } from "./use-compare";

/** "Compare with the last build": the rebuilt server against the build before it, as Compare shows it. */
export function LastBuildView({ session, onClose }: { session: SessionSummary; onClose: () => void }) {
  const query = useLastBuildDiff(session.id);
  return (
    <section aria-labelledby="last-build-heading" className="col-span-2 flex min-h-0 flex-col bg-white">
      <PaneHeader id="last-build-heading" title={`Changed since the last build · ${session.name}`}>
        <Button variant="tool" size="xs" onClick={onClose}>
          Close
        </Button>
      </PaneHeader>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-3">
        <QueryState
          query={{ data: query.data, error: query.error }}
          pendingLabel="Loading the comparison…"
          errorTitle="Could not load the comparison"
          keepData
        >
          {({ comparison }) =>
            comparison ? (
              <>
                <p className="text-[11px] text-zinc-500">
                  The rebuild at {formatClock(Date.parse(comparison.at))} against the build before it (the
                  listings, and what was open or watched).
                </p>
                <ComparePanel key={comparison.at} response={comparison} />
              </>
            ) : (
              <EmptyState title="No rebuild compared yet">
                With “Compare with the last build” on, the next restart on change is compared with this one.
              </EmptyState>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
