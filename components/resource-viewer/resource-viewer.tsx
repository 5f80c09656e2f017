"use client";

import { useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useId, useState } from "react";
import { useLiveMarks, useMarkSeen } from "@/components/events/use-live-marks";
import { useResources } from "@/components/resource-tree/use-resources";
import { ChangesView } from "@/components/watch/changes-view";
import { useWatch } from "@/components/watch/use-watches";
import { useWatchToggle } from "@/components/watch/use-watch-toggle";
import { VersionStepper } from "@/components/watch/version-stepper";
import { WatchStatus } from "@/components/watch/watch-status";
import { WatchToggle } from "@/components/watch/watch-toggle";
import type { SessionSummary } from "@/lib/api/contract";
import { formatClockMs } from "@/lib/ui/format-time";
import type { LiveMarks } from "@/lib/api/live-marks";
import { queryKeys } from "@/lib/api/queries";
import { displayName } from "@/lib/resources/uri-tree";
import { TabStrip, type TabStripTab } from "@/components/ui/tab-strip";
import { LiveContents } from "./live-contents";
import { PinnedVersion } from "./pinned-version";
import { RemovedNotice } from "./removed-notice";
import { CacheHints } from "./cache-hints";
import { InputRequiredForm } from "./input-required-form";
import { InputRequiredNotice } from "./input-required-notice";
import { ResourceMetadata } from "./resource-metadata";
import { useLastDefined } from "./use-last-defined";
import { useReadResource } from "./use-read-resource";
import { ViewerHeader } from "./viewer-header";

// Its own chunk (the host models), fetched when the tab first opens: the first page stays light.
const HostLens = dynamic(() => import("@/components/hosts/host-lens").then((m) => m.HostLens), {
  ssr: false,
  loading: () => <p className="text-[12px] text-zinc-500">Loading…</p>,
});

type LiveView = "content" | "changes" | "hosts";
/** Content | Hosts, and Changes between them for a watched resource. */
const VIEWS: readonly TabStripTab<LiveView>[] = [
  { id: "content", label: "Content" },
  { id: "hosts", label: "Hosts" },
];
const WATCHED_VIEWS: readonly TabStripTab<LiveView>[] = [
  { id: "content", label: "Content" },
  { id: "changes", label: "Changes" },
  { id: "hosts", label: "Hosts" },
];

export interface ResourceViewerProps {
  session: SessionSummary;
  uri: string;
}

/**
 * One resource of a connected server: metadata and every content item, kept current by live
 * events. Watched, it also shows when it last updated, steps through kept versions and diffs them.
 */
export function ResourceViewer({ session, uri }: ResourceViewerProps) {
  const queryClient = useQueryClient();
  const panelId = useId();
  const read = useReadResource(session.id, uri, true);
  // Same key as the tree's list: served from the cache, no second request.
  const list = useResources(session.id, true);
  const listed = list.data?.resources.find((r) => r.uri === uri);
  const resource = useLastDefined(listed);
  const removedAt = useLiveMarks(
    session.id,
    useCallback((m: LiveMarks) => m.removed.get(uri), [uri]),
  );
  const lastUpdate = useLiveMarks(
    session.id,
    useCallback((m: LiveMarks) => m.updated.get(uri), [uri]),
  );
  // A capture does not change: no watching it, whatever the server declared then.
  const canWatch = Boolean(session.capabilities?.resources?.subscribe) && session.abilities.live;
  const watch = useWatch(session.id, uri, canWatch).data ?? null;
  const toggle = useWatchToggle(session.id, uri);
  const [chosenView, setView] = useState<LiveView>("content");
  // Changes is a watched resource's; unwatched, its tab is gone and Content shows.
  const view = chosenView === "changes" && !watch ? "content" : chosenView;
  const [pinned, setPinned] = useState<number | null>(null);

  // Opening a resource clears its "updated" dot in the tree; so does leaving it.
  const markSeen = useMarkSeen(session.id);
  useEffect(() => {
    markSeen(uri);
    return () => markSeen(uri);
  }, [markSeen, uri]);

  const versions = watch?.versions ?? [];
  const latest = versions.at(-1)?.version;
  // A pinned version that aged out of the kept ten falls back to the oldest one kept.
  const pinnedKept =
    pinned === null
      ? null
      : versions.some((v) => v.version === pinned)
        ? pinned
        : (versions[0]?.version ?? null);
  const shown = pinnedKept ?? latest;
  const removed = removedAt !== undefined && list.data !== undefined && !listed;
  const identicalAt = lastUpdate && !lastUpdate.changed ? lastUpdate.at : null;

  const tabs = (
    <TabStrip
      label="Resource view"
      tabs={watch ? WATCHED_VIEWS : VIEWS}
      current={view}
      idPrefix={panelId}
      panelId={panelId}
      onSelect={setView}
      className="flex gap-1 border-b border-zinc-200"
      tabClassName="-mb-px py-1 text-xs"
    />
  );

  return (
    // Tighter on a short window, where every row is taken from the content (issue 33 item 10).
    <div className="flex flex-col gap-4 p-4 [@media(max-height:760px)]:gap-2 [@media(max-height:760px)]:p-3">
      <ViewerHeader
        title={resource ? displayName(resource) : uri}
        uri={uri}
        reading={read.isFetching && !read.isPending}
        onReRead={() => void queryClient.invalidateQueries({ queryKey: queryKeys.read(session.id, uri) })}
      >
        {/* A removed resource cannot be subscribed to; one already watched can still be let go. */}
        {canWatch && (!removed || watch !== null) && (
          <WatchToggle
            watching={watch !== null}
            pending={toggle.isPending}
            error={toggle.isError ? toggle.error.message : null}
            onToggle={() => toggle.mutate(watch === null)}
          />
        )}
      </ViewerHeader>

      {removed && <RemovedNotice at={removedAt} />}

      <ResourceMetadata resource={resource} readMeta={read.data?._meta} />
      <CacheHints read={read.data} list={list.data} />
      {read.data?.resultType === "input_required" && (
        <>
          <InputRequiredNotice requests={read.data.inputRequests ?? {}} />
          {/* A new round of requests is a new form. */}
          <InputRequiredForm
            key={`${read.dataUpdatedAt}`}
            sessionId={session.id}
            uri={uri}
            read={read.data}
          />
        </>
      )}

      {watch ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-200 bg-sky-50/50 px-2.5 py-1.5">
            <WatchStatus
              lastUpdateAt={watch.lastUpdateAt}
              updates={watch.updates}
              since={watch.since}
              identicalAt={identicalAt}
            />
            {shown !== undefined && (
              <VersionStepper
                versions={versions}
                current={shown}
                onStep={(v) => setPinned(v === latest ? null : v)}
              />
            )}
          </div>
          {watch.unacknowledged && (
            <p role="status" className="text-[11px] text-amber-800">
              Not acknowledged: the server&apos;s subscriptions/listen left this URI out, so no updates will
              come.
            </p>
          )}
          {tabs}
        </div>
      ) : (
        <>
          {lastUpdate && (
            <p className="text-[11px] text-zinc-500">
              The server reported an update at {formatClockMs(lastUpdate.at)}; the content below was re-read.
            </p>
          )}
          {tabs}
        </>
      )}

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-${view}`}
        className="flex flex-col gap-3"
      >
        {view === "hosts" ? (
          <HostLens session={session} uri={uri} />
        ) : watch && view === "changes" && shown !== undefined ? (
          <ChangesView sessionId={session.id} uri={uri} versions={versions} version={shown} />
        ) : watch && pinnedKept !== null ? (
          <PinnedVersion
            sessionId={session.id}
            uri={uri}
            version={pinnedKept}
            listed={resource}
            onLatest={() => setPinned(null)}
          />
        ) : (
          <LiveContents sessionId={session.id} uri={uri} listed={resource} />
        )}
      </div>
    </div>
  );
}
