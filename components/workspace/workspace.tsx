"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CaptureBanner } from "@/components/capture/capture-banner";
import { CaptureDropZone } from "@/components/capture/capture-drop-zone";
import { ConnectPanel } from "@/components/connect/connect-panel";
import { useStreamStatus } from "@/components/events/stream-status-context";
import { ServerListPane } from "@/components/server-list/server-list-pane";
import { useSessions } from "@/components/server-list/use-sessions";
import { api } from "@/components/auth/api";
import { isApiError } from "@/lib/api/api-client";
import { readQuery } from "@/lib/api/queries";
import { HeaderBar } from "./header-bar";
import {
  CompareView,
  ImportReview,
  LastBuildView,
  RecorderDock,
  RunChecksLauncher,
  ServerPanel,
  usePrefetchLazyParts,
} from "./lazy-parts";
import { MiddleColumn } from "./middle-column";
import { useSelection } from "./use-selection";
import { ViewerColumn } from "./viewer-column";

/** The three columns: connect + servers | resources + templates | content. */
export function Workspace() {
  const { serverId, uri, select } = useSelection();
  const sessions = useSessions();
  const list = sessions.data?.sessions;
  // No server in the URL: show the first one, without writing that choice into the URL. The URL
  // names a server (or, from an older link, gives its session id).
  const session = serverId
    ? (list?.find((s) => s.id === serverId) ?? list?.find((s) => s.name === serverId))
    : list?.[0];
  const missingServerId = serverId && list && !session ? serverId : null;
  const backendDown = sessions.isError && isApiError(sessions.error) && sessions.error.status === 0;
  const stream = useStreamStatus();
  const queryClient = useQueryClient();
  usePrefetchLazyParts();
  // The paste box's text when it is (re)filled — Edit on a server that did not start, or emptied
  // after an import — and a pasted config under review across the two wide columns.
  const [paste, setPaste] = useState({ key: 0, text: "" });
  const [importing, setImporting] = useState<string | null>(null);
  // A command or URL under review (or a failed start): shown across the wide columns.
  const [reviewing, setReviewing] = useState(false);
  const [reviewSlot, setReviewSlot] = useState<HTMLElement | null>(null);
  // Compare (two sessions picked) or one session's last-build comparison, in both wide columns.
  const [comparing, setComparing] = useState<{ lastBuild: string } | "pick" | null>(null);
  const lastBuild =
    comparing !== null && comparing !== "pick" ? list?.find((s) => s.id === comparing.lastBuild) : undefined;
  const onConnected = (created: { id: string; name: string }) =>
    // The server the URL names (a deep link to a saved one) keeps the linked resource.
    select({ serverId: created.id, uri: created.name === serverId ? uri : null });
  const openResource = (next: string) => {
    if (!session) return;
    // Start the read now: rendering the selection takes ~0.1 s, and a large read should not wait
    // for it. The viewer's query has the same key, so it joins this request.
    if (session.status === "connected") void queryClient.prefetchQuery(readQuery(api, session.id, next));
    select({ serverId: session.id, uri: next });
  };

  return (
    <CaptureDropZone onOpened={onConnected} className="flex h-dvh flex-col">
      <HeaderBar
        // A capture is no server running.
        connected={list?.filter((s) => s.status === "connected" && s.abilities.counted).length ?? 0}
        backendDown={backendDown}
        stream={stream}
        actions={<RunChecksLauncher currentServerId={session?.id ?? null} />}
      />
      {session?.capture && <CaptureBanner session={{ ...session, capture: session.capture }} />}
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(15rem,18rem)_minmax(16rem,22rem)_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_auto]">
        <aside
          aria-label="Servers"
          className="row-span-2 flex min-h-0 flex-col border-r border-zinc-200 bg-zinc-50"
        >
          <ConnectPanel
            key={paste.key}
            initialLine={paste.text}
            onConnected={onConnected}
            onImport={setImporting}
            onReviewing={setReviewing}
            reviewSlot={reviewing ? reviewSlot : null}
          />
          <ServerListPane
            sessions={list}
            loadError={sessions.error}
            selectedId={session?.id ?? null}
            onSelect={(id) => {
              // Choosing a server shows it: its resources take the columns back from a comparison.
              setComparing(null);
              select({ serverId: id, uri: id === session?.id ? uri : null });
            }}
            onDisconnected={(id) => {
              if (id === session?.id) select({ serverId: null, uri: null });
            }}
            onConnected={onConnected}
            onCompare={() => {
              setImporting(null);
              setComparing("pick");
            }}
            onEdit={(text) => {
              setImporting(null);
              setComparing(null);
              setPaste((p) => ({ key: p.key + 1, text }));
            }}
          />
        </aside>
        {reviewing && importing === null ? (
          <section
            ref={setReviewSlot}
            aria-label="Review the server"
            className="scrollbar-thin col-span-2 flex min-h-0 flex-col overflow-y-auto bg-white p-4"
          />
        ) : importing !== null ? (
          // The review takes the room of both columns: every server side by side, Connect in view.
          <section aria-label="Import a config" className="col-span-2 flex min-h-0 flex-col bg-white p-3">
            <ImportReview
              key={importing}
              wide
              text={importing}
              onConnected={onConnected}
              onEdit={() => setImporting(null)}
              onDone={() => {
                setImporting(null);
                setPaste((p) => ({ key: p.key + 1, text: "" }));
              }}
            />
          </section>
        ) : comparing === "pick" && list ? (
          <CompareView
            sessions={list}
            initialBefore={session?.id ?? null}
            onClose={() => setComparing(null)}
          />
        ) : lastBuild ? (
          <LastBuildView key={lastBuild.id} session={lastBuild} onClose={() => setComparing(null)} />
        ) : (
          <>
            <section
              aria-labelledby="resources-heading"
              className="flex min-h-0 flex-col border-r border-zinc-200 bg-white"
            >
              <MiddleColumn
                session={session}
                missingServerId={missingServerId}
                onConnectSaved={(created) => select({ serverId: created.id, uri })}
                sessionsLoaded={list !== undefined}
                selectedUri={session ? uri : null}
                onSelectResource={openResource}
              />
            </section>
            <ViewerColumn session={session} uri={session ? uri : null} />
          </>
        )}
        {session && (
          <ServerPanel
            key={session.id}
            session={session}
            onShowBuildDiff={() => {
              setImporting(null);
              setComparing({ lastBuild: session.id });
            }}
          />
        )}
      </div>
      <RecorderDock sessions={list} />
    </CaptureDropZone>
  );
}
