"use client";

import { CreateError } from "@/components/connect/create-error";
import { useSavedServers } from "@/components/connect/use-saved-servers";
import { EmptyState } from "@/components/ui/empty-state";
import type { SessionSummary } from "@/lib/api/contract";
import { Button } from "@/components/ui/button";

export interface MissingServerProps {
  /** The `server` URL parameter: a name, or an old link's session id. */
  name: string;
  onConnected: (session: SessionSummary) => void;
}

/**
 * The URL names a server that is not connected. A saved one of that name gets one button: a link
 * never starts a command by itself, a click does.
 */
export function MissingServer({ name, onConnected }: MissingServerProps) {
  const { list, connect } = useSavedServers(onConnected);
  const saved = list.data?.servers.find((s) => s.name === name);
  if (!saved)
    return (
      <EmptyState title="This server session no longer exists">
        The inspector backend may have restarted. Start the server again from the left.
      </EmptyState>
    );
  const command =
    saved.launch.kind === "http" ? saved.launch.url : [saved.launch.program, ...saved.launch.args].join(" ");
  return (
    <div className="flex flex-col gap-2 p-3 text-xs">
      <p className="font-medium text-zinc-900">{name} is a saved server that is not connected.</p>
      <code className="font-mono text-[11px] break-all text-zinc-600" dir="ltr">
        {command}
      </code>
      <Button
        variant="primary"
        className="self-start"
        disabled={connect.isPending}
        onClick={() => connect.mutate(name)}
      >
        {connect.isPending ? "Connecting…" : `Connect ${name}`}
      </Button>
      {connect.isError && <CreateError error={connect.error} />}
    </div>
  );
}
