"use client";

import { useMemo, useState } from "react";
import { useResources } from "@/components/resource-tree/use-resources";
import { useReadResource } from "@/components/resource-viewer/use-read-resource";
import { Spinner } from "@/components/ui/spinner";
import type { SessionSummary } from "@/lib/api/contract";
import { isApiError } from "@/lib/api/api-client";
import { HOST_IDS, HOSTS, type HostId } from "@/lib/hosts";
import { readInputOf, serverViewOf } from "@/lib/hosts/read-input";
import { CertaintyBadge } from "./certainty-badge";
import { HostReadCard } from "./host-read-card";
import { ServerNameField } from "./server-name-field";
import { defaultHostServerName, useHostServerName } from "./use-host-server-name";

export interface HostLensProps {
  session: SessionSummary;
  uri: string;
}

/**
 * The viewer's Hosts tab: what Gemini CLI, Claude Code, VS Code and Codex make of this read, as
 * their models (lib/hosts/) say, built from the read and the list already in the cache — nothing
 * is asked of the server. Its own chunk, loaded when the tab first opens.
 */
export function HostLens({ session, uri }: HostLensProps) {
  const read = useReadResource(session.id, uri, true);
  const list = useResources(session.id, true);
  const [serverName, setServerName, resetServerName] = useHostServerName(
    session.id,
    defaultHostServerName(session),
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<HostId>>(() => new Set());

  const error = read.data === undefined && read.isError ? read.error : null;
  const input = useMemo(
    () =>
      readInputOf(
        // The same inputs as the `hosts` command builds from its session (lib/hosts/read-input.ts).
        serverViewOf(
          serverName,
          session.capabilities,
          {
            ...(list.data ? { items: list.data.resources, pages: list.data.pages } : {}),
            ...(list.error ? { error: list.error.message } : {}),
          },
          {},
        ),
        uri,
        error
          ? { error: { message: error.message, code: isApiError(error) ? error.mcpCode : undefined } }
          : { contents: read.data?.contents ?? [] },
      ),
    [serverName, session.capabilities, uri, list.data, list.error, read.data, error],
  );

  const toggle = (id: HostId) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (read.isPending || (list.isPending && list.fetchStatus !== "idle")) return <Spinner label="Reading…" />;
  return (
    <div className="flex flex-col gap-3" aria-label="Hosts" role="group">
      <ServerNameField
        value={serverName}
        sessionName={defaultHostServerName(session)}
        onChange={setServerName}
        onReset={resetServerName}
      />
      <p className="flex flex-wrap items-center gap-1 text-[11px] text-zinc-500">
        What each host gives its model (or its user) from this read, as its code, docs and issue threads say.
        Facts: <CertaintyBadge certainty="verified" /> verified, <CertaintyBadge certainty="inferred" />{" "}
        inferred.
      </p>
      {HOST_IDS.map((id) => (
        <HostReadCard
          key={id}
          model={HOSTS[id]}
          input={input}
          expanded={!collapsed.has(id)}
          onToggle={() => toggle(id)}
        />
      ))}
    </div>
  );
}
