"use client";

import { useMemo, useState } from "react";
import { downloadJson, downloadText } from "@/components/ui/download";
import { exportFileName } from "@/components/traffic/export-file-name";
import { problemsSarifText } from "@/lib/lint/export";
import { countBySeverity } from "@/lib/lint/count";
import { matchesHostFilter, type HostFilter } from "@/lib/lint/host-filter";
import { HOST_IDS, HOSTS } from "@/lib/hosts";
import type { Problem } from "@/lib/lint/problem";
import { ProblemRow } from "./problem-row";
import { useProblemScan, useProblems } from "./use-problems";

const SEVERITIES: readonly Problem["severity"][] = ["error", "warning", "info"];

export interface ProblemsPanelProps {
  sessionId: string;
  serverName: string;
  connected: boolean;
  /** A capture opened offline: its problems are the captured ones, nothing to check again. */
  capture?: boolean;
  /** Which problems to show by host: all, the protocol's only, or one host's (kept by the server panel). */
  hostFilter: HostFilter;
  onHostFilter: (filter: HostFilter) => void;
  /** Open the traffic tab with this log entry selected. */
  onShowTraffic?: (trafficSeq: number) => void;
}

/**
 * The Problems tab: what the inspector saw this server do against the spec, found passively from
 * its traffic, and "Check this server" to walk and read everything once. Its own module, loaded
 * with next/dynamic only when the tab opens.
 */
export function ProblemsPanel({
  sessionId,
  serverName,
  connected,
  capture = false,
  hostFilter,
  onHostFilter,
  onShowTraffic,
}: ProblemsPanelProps) {
  const { data, error } = useProblems(sessionId);
  const { scan, stop } = useProblemScan(sessionId);
  const [shown, setShown] = useState<Record<Problem["severity"], boolean>>({
    error: true,
    warning: true,
    info: true,
  });
  const problems = useMemo(() => data?.problems ?? [], [data]);
  const visible = useMemo(
    () => problems.filter((p) => shown[p.severity] && matchesHostFilter(p, hostFilter)),
    [problems, shown, hostFilter],
  );
  const counts = countBySeverity(problems);
  const state = data?.scan;
  const running = Boolean(state?.running) || scan.isPending;

  return (
    <div className="flex h-full min-h-0 flex-col" aria-label="Problems">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-zinc-200 bg-white px-2 py-1 text-[11px]">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Show severities</legend>
          {SEVERITIES.map((s) => (
            <label key={s} className="flex items-center gap-1 text-zinc-700">
              <input
                type="checkbox"
                checked={shown[s]}
                onChange={(e) => setShown((v) => ({ ...v, [s]: e.target.checked }))}
              />
              {s === "error" ? "Errors" : s === "warning" ? "Warnings" : "Info"} ({counts[s]})
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-1 text-zinc-700">
          Hosts
          <select
            value={hostFilter}
            onChange={(e) => onHostFilter(e.target.value as HostFilter)}
            className="rounded border border-zinc-300 bg-white px-1 py-px text-[11px] text-zinc-900"
          >
            <option value="all">All</option>
            <option value="protocol">Protocol only</option>
            {HOST_IDS.map((id) => (
              <option key={id} value={id}>
                {HOSTS[id].label}
              </option>
            ))}
          </select>
        </label>
        {capture ? (
          <span className="text-zinc-500">Found when it was captured</span>
        ) : running ? (
          <>
            <span role="status" className="text-zinc-600 tabular-nums">
              Checking… {state ? `${state.reads} of ${state.total} read` : ""}
            </span>
            <button
              type="button"
              onClick={() => stop.mutate()}
              className="rounded border border-zinc-300 bg-white px-2 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100"
            >
              Stop
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={!connected}
            onClick={() => scan.mutate()}
            title="List every page, read every listed resource once (at most 200 reads, 10 MB)"
            className="rounded border border-sky-600 bg-sky-600 px-2 py-0.5 font-medium text-white hover:bg-sky-700 disabled:opacity-40"
          >
            Check this server
          </button>
        )}
        {!running && state?.finishedAt && (
          <span role="status" className="text-zinc-500">
            {state.stopped ? "Stopped" : "Checked"}: {state.reads} of {state.total} read
            {state.note && !state.stopped ? ` · ${state.note}` : ""}
          </span>
        )}
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            disabled={problems.length === 0}
            onClick={() =>
              downloadJson(exportFileName("problems", serverName), { server: serverName, problems })
            }
            className="rounded border border-zinc-300 bg-white px-2 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-40"
          >
            Export JSON
          </button>
          <button
            type="button"
            disabled={problems.length === 0}
            onClick={() =>
              downloadText(
                exportFileName("problems", serverName).replace(/\.json$/, ".sarif"),
                problemsSarifText(problems, { server: serverName }),
                "application/sarif+json",
              )
            }
            className="rounded border border-zinc-300 bg-white px-2 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-40"
          >
            Export SARIF
          </button>
        </span>
      </div>
      {error ? (
        <p className="p-3 text-[12px] text-rose-700">Could not load problems: {error.message}</p>
      ) : scan.error ? (
        <p className="p-3 text-[12px] text-rose-700">The check failed: {scan.error.message}</p>
      ) : null}
      {visible.length === 0 ? (
        <p className="p-3 text-[12px] text-zinc-500">
          {problems.length === 0
            ? "No problems seen yet. They are found from the traffic as you use the server; “Check this server” reads everything once."
            : hostFilter === "all"
              ? "No problems of the chosen severities."
              : `No problems of the chosen severities for ${hostFilter === "protocol" ? "the protocol alone" : HOSTS[hostFilter].label}.`}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-auto" aria-label="Problems list">
          {visible.map((p) => (
            <ProblemRow
              key={`${p.code} ${p.at} ${p.message}`}
              problem={p}
              {...(onShowTraffic && p.evidence.trafficSeq !== undefined
                ? { onShowTraffic: () => onShowTraffic(p.evidence.trafficSeq!) }
                : {})}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
