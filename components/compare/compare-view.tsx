"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PaneHeader } from "@/components/ui/pane-header";
import { QueryState } from "@/components/ui/query-state";
import type { CompareBody, SessionSummary } from "@/lib/api/contract";
import { ComparePicker } from "./compare-picker";
import { ComparePanel } from "./compare-panel";
import { useCompare } from "./use-compare";

export interface CompareViewProps {
  sessions: readonly SessionSummary[];
  /** The side picked first (the selected server). */
  initialBefore: string | null;
  onClose: () => void;
}

/** "Compare…": pick two sessions (a live server or an opened capture), then what changed between them. */
export function CompareView({ sessions, initialBefore, onClose }: CompareViewProps) {
  const [body, setBody] = useState<CompareBody | null>(null);
  const query = useCompare(body);
  // The same sides and pointers again: run it again (a new ignore list is a new comparison).
  const run = (next: CompareBody) => {
    if (JSON.stringify(next) === JSON.stringify(body)) void query.refetch();
    else setBody(next);
  };
  return (
    <section aria-labelledby="compare-heading" className="col-span-2 flex min-h-0 flex-col bg-white">
      <PaneHeader id="compare-heading" title="Compare">
        <div className="flex items-center gap-1">
          {body && (
            <Button variant="tool" size="xs" disabled={query.isFetching} onClick={() => void query.refetch()}>
              Compare again
            </Button>
          )}
          <Button variant="tool" size="xs" onClick={onClose}>
            Close
          </Button>
        </div>
      </PaneHeader>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-3">
        <ComparePicker
          sessions={sessions}
          initialBefore={initialBefore}
          busy={query.isFetching}
          onCompare={run}
        />
        {body && (
          <QueryState
            query={{ data: query.data, error: query.error }}
            pendingLabel="Comparing…"
            errorTitle="Could not compare"
            keepData
          >
            {(response) => (
              <ComparePanel
                key={`${response.before.sessionId}-${response.after.sessionId}`}
                response={response}
              />
            )}
          </QueryState>
        )}
      </div>
    </section>
  );
}
