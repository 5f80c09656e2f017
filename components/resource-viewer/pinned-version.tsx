"use client";

import type { ListedFacts } from "@/components/renderers/content-entry";
import { useWatchVersion } from "@/components/watch/use-watch-version";
import { QueryState } from "@/components/ui/query-state";
import { formatClockMs } from "@/lib/ui/format-time";
import { ContentList } from "./content-list";

export interface PinnedVersionProps {
  sessionId: string;
  uri: string;
  version: number;
  listed: ListedFacts | undefined;
  onLatest: () => void;
}

/** An older kept version of a watched resource, with the way back to the live one. */
export function PinnedVersion({ sessionId, uri, version, listed, onLatest }: PinnedVersionProps) {
  const kept = useWatchVersion(sessionId, uri, version);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-300 bg-zinc-100 px-3 py-1.5 text-xs text-zinc-700">
        <span>
          Showing v{version}
          {kept.data ? `, read at ${formatClockMs(kept.data.at)}` : ""} — not the latest.
        </span>
        <button type="button" onClick={onLatest} className="font-medium text-sky-700 hover:underline">
          Back to latest
        </button>
      </div>
      <QueryState
        query={kept}
        pendingLabel={`Loading v${version}…`}
        errorTitle={`Could not load v${version}`}
        keepData
      >
        {(data) => (
          <ContentList
            sessionId={sessionId}
            uri={uri}
            contents={data.result.contents}
            listed={listed}
            historicalDigests={data.digests}
          />
        )}
      </QueryState>
    </>
  );
}
