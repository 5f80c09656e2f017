"use client";

import type { SessionSummary } from "@/lib/contract";
import { ServerListItem } from "./server-list-item";

export interface ServerListProps {
  sessions: readonly SessionSummary[];
  selectedId: string | null;
  disconnectingId: string | null;
  onSelect: (sessionId: string) => void;
  onDisconnect: (sessionId: string) => void;
}

export function ServerList({
  sessions,
  selectedId,
  disconnectingId,
  onSelect,
  onDisconnect,
}: ServerListProps) {
  return (
    <ul className="flex flex-col gap-1 p-2">
      {sessions.map((session) => (
        <ServerListItem
          key={session.id}
          session={session}
          selected={session.id === selectedId}
          disconnecting={session.id === disconnectingId}
          onSelect={() => onSelect(session.id)}
          onDisconnect={() => onDisconnect(session.id)}
        />
      ))}
    </ul>
  );
}
