"use client";

import { ErrorCallout } from "@/components/ui/error-callout";
import { StderrTail } from "@/components/ui/stderr-tail";
import type { SessionSummary } from "@/lib/api/contract";
import { exitNote } from "./exit-note";
import { ReconnectButton } from "./reconnect-button";
import { useReconnect } from "./use-reconnect";
import { useStderr } from "./use-stderr";

/** Why a server is gone, with what it last wrote to stderr (a local one: a URL has no stderr). */
export function DisconnectedNotice({ session }: { session: SessionSummary }) {
  const local = session.abilities.stderr;
  const stderr = useStderr(session.id, local);
  const reconnect = useReconnect();
  const lines = stderr.data?.lines ?? session.error?.stderrTail ?? [];
  const { error } = session;
  const exit = error ? exitNote(error) : null;
  return (
    <div className="flex flex-col gap-2 p-3">
      <ErrorCallout
        title={`${session.name} is disconnected`}
        message={error?.message ?? "The server connection closed."}
      >
        {exit && <p className="mt-1 text-xs text-rose-800">{exit}</p>}
      </ErrorCallout>
      <ReconnectButton
        name={session.name}
        pending={reconnect.isPending}
        error={reconnect.isError ? reconnect.error.message : null}
        onReconnect={() => reconnect.mutate(session.id)}
      />
      {local && <StderrTail lines={lines} dropped={stderr.data?.dropped ?? 0} summary="stderr" defaultOpen />}
    </div>
  );
}
