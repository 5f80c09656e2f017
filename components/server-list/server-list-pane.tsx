"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorCallout } from "@/components/ui/error-callout";
import { PaneHeader } from "@/components/ui/pane-header";
import { QueryState } from "@/components/ui/query-state";
import type { SessionSummary } from "@/lib/api/contract";
import { launchText } from "@/lib/import/launch-text";
import { startupFailureCard } from "./lazy-startup-failure-card";
import { ServerList } from "./server-list";
import { useStartupFailures } from "./use-startup-failures";
import { useDisconnect } from "./use-disconnect";
import { useReconnect } from "./use-reconnect";

const StartupFailureCard = startupFailureCard.Part;

export interface ServerListPaneProps {
  sessions: readonly SessionSummary[] | undefined;
  loadError: Error | null;
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  onDisconnected: (sessionId: string) => void;
  /** A command-line server that did not start was retried and connected. */
  onConnected: (session: SessionSummary) => void;
  /** Edit on a server that did not start: the connect form, filled with its launch as text. */
  onEdit: (text: string) => void;
  /** "Compare…": pick two of the open sessions and see what differs. */
  onCompare?: () => void;
}

/** The "Servers" section of the left column. */
export function ServerListPane({
  sessions,
  loadError,
  selectedId,
  onSelect,
  onDisconnected,
  onConnected,
  onEdit,
  onCompare,
}: ServerListPaneProps) {
  const disconnect = useDisconnect(onDisconnected);
  const reconnect = useReconnect();
  const startup = useStartupFailures(onConnected);
  const failed = startup.failures.data?.failures ?? [];
  return (
    <section aria-labelledby="servers-heading" className="flex min-h-0 flex-1 flex-col">
      <PaneHeader id="servers-heading" title="Servers">
        <span className="flex items-center gap-2">
          {onCompare && sessions && sessions.length >= 2 && (
            <Button variant="tool" size="xs" onClick={onCompare}>
              Compare…
            </Button>
          )}
          {sessions && sessions.length + failed.length > 0 && (
            <span className="text-[11px] text-zinc-400">{sessions.length + failed.length}</span>
          )}
        </span>
      </PaneHeader>
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        {disconnect.isError && (
          <div className="p-2">
            <ErrorCallout title="Could not disconnect" message={disconnect.error.message} />
          </div>
        )}
        {failed.length > 0 && (
          <ul className="flex flex-col gap-1 p-2 pb-0" aria-label="Servers not running">
            {failed.map((f) => (
              <StartupFailureCard
                key={f.id}
                failure={f}
                retrying={startup.retry.isPending && startup.retry.variables === f.id}
                retryError={
                  startup.retry.isError && startup.retry.variables === f.id
                    ? startup.retry.error.message
                    : null
                }
                onEdit={() => onEdit(launchText(f.name, f.launch))}
                onRetry={() => startup.retry.mutate(f.id)}
                onDismiss={() => startup.dismiss.mutate(f.id)}
              />
            ))}
          </ul>
        )}
        <QueryState
          query={{ data: sessions, error: loadError }}
          pendingLabel="Loading servers…"
          errorTitle="Could not load the servers"
          keepData
          inset
        >
          {(sessions) =>
            sessions.length === 0 && failed.length > 0 ? null : sessions.length === 0 ? (
              <EmptyState title="No servers yet">
                Start the demo server, or paste a command or URL above.
              </EmptyState>
            ) : (
              <ServerList
                sessions={sessions}
                selectedId={selectedId}
                disconnectingId={disconnect.isPending ? (disconnect.variables ?? null) : null}
                reconnectingId={reconnect.isPending ? (reconnect.variables ?? null) : null}
                reconnectError={
                  reconnect.isError && reconnect.variables
                    ? { sessionId: reconnect.variables, message: reconnect.error.message }
                    : null
                }
                onSelect={onSelect}
                onDisconnect={(id) => disconnect.mutate(id)}
                onReconnect={(id) => reconnect.mutate(id)}
              />
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
