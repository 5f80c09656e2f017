"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { ServerListItem } from "./server-list-item";

export interface ServerListProps {
  sessions: readonly SessionSummary[];
  selectedId: string | null;
  disconnectingId: string | null;
  reconnectingId: string | null;
  /** The session whose last reconnect failed, with why. */
  reconnectError: { sessionId: string; message: string } | null;
  onSelect: (sessionId: string) => void;
  onDisconnect: (sessionId: string) => void;
  onReconnect: (sessionId: string) => void;
}

export function ServerList({
  sessions,
  selectedId,
  disconnectingId,
  reconnectingId,
  reconnectError,
  onSelect,
  onDisconnect,
  onReconnect,
}: ServerListProps) {
  return (
    <ul className="flex flex-col gap-1 p-2">
      {sessions.map((session) => (
        <ServerListItem
          key={session.id}
          session={session}
          selected={session.id === selectedId}
          disconnecting={session.id === disconnectingId}
          reconnecting={session.id === reconnectingId}
          reconnectError={reconnectError?.sessionId === session.id ? reconnectError.message : null}
          onSelect={() => onSelect(session.id)}
          onDisconnect={() => onDisconnect(session.id)}
          onReconnect={() => onReconnect(session.id)}
        />
      ))}
    </ul>
  );
}
