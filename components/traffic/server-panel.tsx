"use client";

import dynamic from "next/dynamic";
import { useId, useRef, useState } from "react";
import { OAuthTab } from "@/components/auth/oauth-tab";
import { BuildDiffButton, FileWatchStatusLine } from "@/components/restart-on-change/file-watch-status";
import { RestartOnChangeTab } from "@/components/restart-on-change/restart-on-change-tab";
import { TabStrip } from "@/components/ui/tab-strip";
import type { SessionSummary } from "@/lib/api/contract";
import type { HostFilter } from "@/lib/lint/host-filter";
import { PanelResizer } from "./panel-resizer";
import { StderrConsole } from "./stderr-console";
import { ToolsTab } from "./tools-tab";
import { TrafficLog } from "./traffic-log";

// Its own chunk, fetched when the tab first opens (issue 14 keeps the first page light).
const ProblemsPanel = dynamic(() => import("@/components/lint/problems-panel").then((m) => m.ProblemsPanel), {
  ssr: false,
  loading: () => <p className="p-3 text-[12px] text-zinc-500">Loading…</p>,
});

// The host models, likewise: fetched when the Hosts tab first opens.
const HostMatrix = dynamic(() => import("@/components/hosts/host-matrix").then((m) => m.HostMatrix), {
  ssr: false,
  loading: () => <p className="p-3 text-[12px] text-zinc-500">Loading…</p>,
});

type PanelTab = "traffic" | "notifications" | "problems" | "hosts" | "stderr" | "tools" | "auth" | "watch";
const TABS: readonly { id: PanelTab; label: string }[] = [
  { id: "traffic", label: "Traffic" },
  { id: "notifications", label: "Notifications" },
  { id: "problems", label: "Problems" },
  { id: "hosts", label: "Hosts" },
  { id: "stderr", label: "stderr" },
  { id: "tools", label: "Tools" },
  { id: "watch", label: "Restart on change" },
  { id: "auth", label: "Sign-in" },
];

/** The bottom drawer for the selected server: its raw traffic, notifications, stderr and tools. */
export function ServerPanel({
  session,
  onShowBuildDiff,
}: {
  session: SessionSummary;
  /** "Changed since the last build: N" opens the comparison in the wide columns. */
  onShowBuildDiff?: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Null: a share of the window that leaves the viewer room on a short one (1024×700: ~300 px of
  // content, issue 33 item 10); dragging the edge sets it.
  const [height, setHeight] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const [chosen, setTab] = useState<PanelTab>("traffic");
  const [filters, setFilters] = useState<Record<PanelTab, string>>({
    traffic: "",
    notifications: "",
    problems: "",
    hosts: "",
    stderr: "",
    tools: "",
    auth: "",
    watch: "",
  });
  // The tabs this kind of session has (lib/launch/session-kinds.ts): stderr for a process (or the
  // one a capture holds), tools for a live server, restart on change for a local process, and the
  // OAuth sign-in for a remote HTTP server (never WebSocket).
  const { stderr, live, restart, signIn } = session.abilities;
  const has: Record<PanelTab, boolean> = {
    traffic: true,
    notifications: true,
    problems: true,
    hosts: true,
    stderr,
    tools: live,
    watch: restart,
    auth: signIn,
  };
  const tabs = TABS.filter((t) => has[t.id]);
  // A tab one kind of server has does not carry over to the other.
  const tab = tabs.some((t) => t.id === chosen) ? chosen : "traffic";
  /** A problem's evidence opened in the traffic tab (the log remounts with it selected). */
  const [focusSeq, setFocusSeq] = useState<number | undefined>(undefined);
  /** The Problems tab's host filter: kept here so the Hosts tab can open it on one host. */
  const [problemsHost, setProblemsHost] = useState<HostFilter>("all");
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const setFilter = (value: string) => setFilters((f) => ({ ...f, [tab]: value }));

  const choose = (next: PanelTab) => {
    setTab(next);
    setOpen(true);
  };
  return (
    <section
      aria-label="Server panel"
      className="col-span-2 flex min-h-0 flex-col border-t border-zinc-300 bg-white"
    >
      <div className="flex h-8 shrink-0 items-center gap-2 bg-zinc-50 px-2">
        <TabStrip
          label="Server panel"
          tabs={tabs}
          current={tab}
          open={open}
          idPrefix={baseId}
          panelId={panelId}
          onSelect={choose}
          onReselect={() => setOpen(false)}
          className="flex h-full shrink-0 items-stretch"
          tabClassName="text-[11px]"
        />
        <span className="truncate text-[11px] text-zinc-400">{session.name}</span>
        {session.fileWatch && <FileWatchStatusLine status={session.fileWatch} />}
        {session.fileWatch?.lastBuildDiff && onShowBuildDiff && (
          <BuildDiffButton changes={session.fileWatch.lastBuildDiff.changes} onClick={onShowBuildDiff} />
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
          className="ml-auto shrink-0 rounded px-1.5 text-[11px] whitespace-nowrap text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900"
        >
          {open ? "Hide panel ▾" : "Show panel ▴"}
        </button>
      </div>
      {open && (
        <PanelResizer height={height} onHeight={setHeight} target={() => body.current} controls={panelId} />
      )}
      {open && (
        <div
          ref={body}
          id={panelId}
          role="tabpanel"
          aria-labelledby={`${baseId}-${tab}`}
          style={height !== null ? { height } : undefined}
          className="h-[clamp(6rem,calc(100dvh-38rem),38vh)] border-t border-zinc-200"
        >
          {tab === "traffic" || tab === "notifications" ? (
            <TrafficLog
              key={tab === "traffic" && focusSeq !== undefined ? `traffic-${focusSeq}` : tab}
              {...(tab === "traffic" && focusSeq !== undefined ? { initialSeq: focusSeq } : {})}
              sessionId={session.id}
              serverName={session.name}
              mode={tab === "traffic" ? "all" : "notifications"}
              filter={filters[tab]}
              onFilter={setFilter}
            />
          ) : tab === "stderr" ? (
            <StderrConsole
              sessionId={session.id}
              serverName={session.name}
              filter={filters.stderr}
              onFilter={setFilter}
            />
          ) : tab === "problems" ? (
            <ProblemsPanel
              sessionId={session.id}
              serverName={session.name}
              connected={session.status === "connected"}
              capture={Boolean(session.capture)}
              hostFilter={problemsHost}
              onHostFilter={setProblemsHost}
              onShowTraffic={(seq) => {
                setFocusSeq(seq);
                setFilters((f) => ({ ...f, traffic: "" }));
                choose("traffic");
              }}
            />
          ) : tab === "hosts" ? (
            <HostMatrix
              session={session}
              onShowProblems={(host) => {
                setProblemsHost(host);
                choose("problems");
              }}
            />
          ) : tab === "auth" ? (
            <OAuthTab session={session} />
          ) : tab === "watch" ? (
            <RestartOnChangeTab key={session.id} session={session} />
          ) : (
            <ToolsTab
              sessionId={session.id}
              connected={session.status === "connected"}
              hasTools={Boolean(session.capabilities?.tools)}
            />
          )}
        </div>
      )}
    </section>
  );
}
