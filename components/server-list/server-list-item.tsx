"use client";

import { useId } from "react";
import { StderrTail } from "@/components/ui/stderr-tail";
import type { SessionSummary } from "@/lib/api/contract";
import { ConnectionDetails } from "./connection-details";
import { ProtocolDetails } from "./protocol-details";
import { exitNote } from "./exit-note";
import { ReconnectButton } from "./reconnect-button";
import { StatusBadge } from "./status-badge";
import { CaptureBadge } from "@/components/capture/capture-badge";
import { ProblemsCountBadge } from "@/components/lint/problems-count-badge";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { CaptureControl, RecordControl } from "@/components/workspace/lazy-parts";

export interface ServerListItemProps {
  session: SessionSummary;
  selected: boolean;
  disconnecting: boolean;
  reconnecting: boolean;
  reconnectError: string | null;
  onSelect: () => void;
  onDisconnect: () => void;
  onReconnect: () => void;
}

function subtitle(session: SessionSummary): string {
  const parts: string[] = [];
  if (session.serverInfo) parts.push(`${session.serverInfo.name} ${session.serverInfo.version}`.trim());
  else if (session.launch.kind === "http") parts.push(session.launch.url);
  else parts.push([session.launch.program, ...session.launch.args].join(" "));
  // An HTTP session shows its protocol version beside the transport (ConnectionDetails).
  if (session.protocolVersion && session.launch.kind === "stdio") parts.push(session.protocolVersion);
  return parts.join(" · ");
}

/** One server: select it (the card is one button named after the server), see status, disconnect. */
export function ServerListItem({
  session,
  selected,
  disconnecting,
  reconnecting,
  reconnectError,
  onSelect,
  onDisconnect,
  onReconnect,
}: ServerListItemProps) {
  const statusId = useId();
  const detailId = useId();
  const { error, capture } = session;
  return (
    <li
      className={`relative rounded-md border px-2.5 py-2 transition-colors ${
        selected
          ? "border-sky-300 bg-sky-50/70 shadow-xs"
          : "border-transparent hover:border-zinc-200 hover:bg-white"
      }`}
    >
      <div className="flex items-start gap-2">
        {/* The ::after overlay makes the whole card clickable while the name stays the button's name. */}
        <button
          type="button"
          onClick={onSelect}
          aria-current={selected ? "true" : undefined}
          data-shortcut="server"
          aria-describedby={`${statusId} ${detailId}`}
          className="line-clamp-2 min-w-0 flex-1 text-left leading-4 font-medium break-words text-zinc-900 after:absolute after:inset-0 after:rounded-md focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-sky-600"
        >
          {session.name}
        </button>
        <button
          type="button"
          onClick={onDisconnect}
          disabled={disconnecting}
          aria-label={capture ? `Close ${session.name}` : `Disconnect ${session.name}`}
          title={capture ? "Close this capture" : "Disconnect and stop this server"}
          className="relative z-10 -mt-0.5 -mr-1 shrink-0 rounded p-0.5 text-zinc-400 hover:bg-zinc-200 hover:text-zinc-800 disabled:opacity-40"
        >
          <StrokeIcon d="M4 4l8 8M12 4l-8 8" />
        </button>
      </div>
      <div className="mt-1 flex items-center gap-2">
        {capture ? (
          <CaptureBadge
            id={statusId}
            title={capture.file ? `Opened from ${capture.file}` : "Opened from a capture file"}
          />
        ) : (
          <StatusBadge status={session.status} id={statusId} />
        )}
        <ProblemsCountBadge sessionId={session.id} />
        <p
          id={detailId}
          className="min-w-0 truncate font-mono text-[11px] text-zinc-500"
          title={subtitle(session)}
        >
          {subtitle(session)}
        </p>
      </div>
      <ProtocolDetails session={session} />
      <ConnectionDetails session={session} />
      {!capture && (
        <div className="flex flex-wrap items-start gap-x-2">
          <RecordControl session={session} />
          <CaptureControl session={session} />
        </div>
      )}
      {session.status === "disconnected" && (
        <div className="relative z-10 mt-1.5 flex flex-col gap-1 text-xs">
          {error && (
            <>
              <p className="break-words text-rose-800">
                {[error.message, exitNote(error)].filter(Boolean).join(" ")}
              </p>
              {error.stderrTail && session.launch.kind === "stdio" && (
                <StderrTail lines={error.stderrTail} summary="stderr tail" />
              )}
            </>
          )}
          <ReconnectButton
            name={session.name}
            pending={reconnecting}
            error={reconnectError}
            onReconnect={onReconnect}
          />
        </div>
      )}
    </li>
  );
}
