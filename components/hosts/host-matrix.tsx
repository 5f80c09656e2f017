"use client";

import { useMemo } from "react";
import { useProblems } from "@/components/lint/use-problems";
import { useResources } from "@/components/resource-tree/use-resources";
import { useTemplates } from "@/components/templates/use-templates";
import type { SessionSummary } from "@/lib/api/contract";
import { HOST_IDS, HOSTS, type HostId } from "@/lib/hosts";
import { serverViewOf } from "@/lib/hosts/read-input";
import { ListToolDetails } from "./list-tool-details";
import { ServerNameField } from "./server-name-field";
import { defaultHostServerName, useHostServerName } from "./use-host-server-name";

export interface HostMatrixProps {
  session: SessionSummary;
  /** Open the Problems tab showing this host's problems. */
  onShowProblems?: (host: HostId) => void;
}

const TEMPLATES: Record<"model" | "user", string> = { model: "model", user: "user only" };
const COLUMNS = ["Host", "Resources reached", "Templates", "Pages", "Blobs", "Problems"] as const;

/**
 * The server panel's Hosts tab: "will my server work in X?", one row per host from its model's
 * reach, with the host's problems, and below each host's list tool as it would answer for this
 * server. Built from the listings in the cache; its own chunk, loaded when the tab opens.
 */
export function HostMatrix({ session, onShowProblems }: HostMatrixProps) {
  const [serverName, setServerName, resetServerName] = useHostServerName(
    session.id,
    defaultHostServerName(session),
  );
  const listing = session.status === "connected" && Boolean(session.capabilities?.resources);
  const resources = useResources(session.id, listing);
  const templates = useTemplates(session.id, listing);
  const problems = useProblems(session.id).data?.problems;

  const server = useMemo(
    () =>
      serverViewOf(
        serverName,
        session.capabilities,
        {
          ...(resources.data ? { items: resources.data.resources, pages: resources.data.pages } : {}),
          ...(resources.error ? { error: resources.error.message } : {}),
        },
        templates.data ? { items: templates.data.resourceTemplates } : {},
      ),
    [serverName, session.capabilities, resources.data, templates.data, resources.error],
  );
  const rows = useMemo(() => HOST_IDS.map((id) => HOSTS[id].reach(server)), [server]);
  const problemCount = (id: HostId) => problems?.filter((p) => p.hosts?.includes(id)).length ?? 0;

  return (
    <div className="scrollbar-thin flex h-full min-h-0 flex-col gap-2 overflow-auto p-2" aria-label="Hosts">
      <ServerNameField
        value={serverName}
        sessionName={defaultHostServerName(session)}
        onChange={setServerName}
        onReset={resetServerName}
      />
      {listing && resources.isPending && <p className="text-[11px] text-zinc-500">Listing resources…</p>}
      <table className="w-full border-collapse text-left text-[12px]" aria-label="Host matrix">
        <thead className="text-[11px] text-zinc-500">
          <tr className="border-b border-zinc-200">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2 py-1 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const model = HOSTS[row.host];
            const count = problemCount(row.host);
            const short = row.reachable < row.total;
            return (
              <tr key={row.host} className="border-b border-zinc-100 align-top">
                <th scope="row" className="px-2 py-1.5 font-medium text-zinc-900">
                  {model.label}
                  <span className="block font-mono text-[10px] font-normal text-zinc-500">
                    {model.version}
                  </span>
                  <span className="block text-[10px] font-normal text-zinc-500">
                    {model.modelReads ? "model reads" : "user attaches"}
                  </span>
                </th>
                <td className="px-2 py-1.5 tabular-nums">
                  <span className={short ? "font-semibold text-rose-800" : "text-zinc-900"}>
                    {row.reachable} / {row.total}
                  </span>
                  {row.lost && (
                    <p role="note" className="mt-0.5 rounded bg-rose-50 px-1 text-[11px] text-rose-800">
                      Server lost: {row.lost}
                    </p>
                  )}
                </td>
                <td className="px-2 py-1.5 text-zinc-700">
                  {server.templates.length === 0
                    ? "none listed"
                    : row.templates === "none"
                      ? `none of ${server.templates.length}`
                      : `${TEMPLATES[row.templates]} (${server.templates.length})`}
                </td>
                <td className="px-2 py-1.5 text-zinc-700">{row.pages}</td>
                <td className="px-2 py-1.5 text-zinc-700">{row.blobs}</td>
                <td className="px-2 py-1.5">
                  {count > 0 && onShowProblems ? (
                    <button
                      type="button"
                      onClick={() => onShowProblems(row.host)}
                      className="text-sky-700 underline hover:text-sky-900"
                    >
                      {count} {count === 1 ? "problem" : "problems"}
                    </button>
                  ) : (
                    <span className="text-zinc-500">{count === 0 ? "none seen" : count}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3 className="mt-1 text-[11px] font-medium text-zinc-600">
        Each host&apos;s list of this server ({server.pages} {server.pages === 1 ? "page" : "pages"} listed)
      </h3>
      <div className="flex flex-col gap-1">
        {HOST_IDS.map((id) => (
          <ListToolDetails key={id} model={HOSTS[id]} server={server} />
        ))}
      </div>
    </div>
  );
}
