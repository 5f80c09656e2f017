"use client";

import { useMemo } from "react";
import { QueryState } from "@/components/ui/query-state";
import type { WatchVersionInfo } from "@/lib/api/contract";
import { formatClockMs } from "@/lib/ui/format-time";
import { compareVersions } from "./compare-versions";
import { ItemDiff } from "./item-diff";
import { useWatchVersion } from "./use-watch-version";

export interface ChangesViewProps {
  sessionId: string;
  uri: string;
  /** The watch's kept versions, oldest first. */
  versions: readonly WatchVersionInfo[];
  /** The version whose changes to show (against the kept version before it). */
  version: number;
}

/** What changed in `version` since its predecessor: per content item, lines, JSON paths or bytes. */
export function ChangesView({ sessionId, uri, versions, version }: ChangesViewProps) {
  const index = versions.findIndex((v) => v.version === version);
  const previous = index > 0 ? versions[index - 1] : undefined;
  const after = useWatchVersion(sessionId, uri, index >= 0 ? version : undefined);
  const before = useWatchVersion(sessionId, uri, previous?.version);
  const changes = useMemo(
    () => (after.data && before.data ? compareVersions(before.data, after.data) : null),
    [after.data, before.data],
  );

  if (!previous) {
    return (
      <p className="text-xs text-zinc-500">
        v{version} is the oldest version kept; there is nothing earlier to compare it with. Changes appear
        here once the resource updates.
      </p>
    );
  }
  return (
    <QueryState
      query={{ data: changes ?? undefined, error: after.error ?? before.error }}
      pendingLabel="Loading versions…"
      errorTitle="Could not load the versions"
      keepData
    >
      {(changes) => (
        <div className="flex flex-col gap-3">
          <p className="text-xs text-zinc-600">
            v{previous.version} ({formatClockMs(previous.at)}) → v{version} (
            {formatClockMs(after.data?.at ?? 0)})
          </p>
          {changes.map((change) => (
            <ItemDiff key={change.index} change={change} showUri={changes.length > 1 || change.uri !== uri} />
          ))}
        </div>
      )}
    </QueryState>
  );
}
