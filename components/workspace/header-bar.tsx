import type { ReactNode } from "react";
import type { StreamStatus } from "@/lib/api/event-stream-client";
import { KeyboardShortcuts } from "@/components/keyboard/keyboard-shortcuts";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { StreamIndicator } from "./stream-indicator";

export interface HeaderBarProps {
  /** Servers currently connected. */
  connected: number;
  /** The backend did not answer the last poll. */
  backendDown: boolean;
  /** The live event stream, when one is mounted. */
  stream: StreamStatus | null;
  /** Global actions at the right end (Run checks). */
  actions?: ReactNode;
}

export function HeaderBar({ connected, backendDown, stream, actions }: HeaderBarProps) {
  return (
    <header className="palette-light flex h-10 shrink-0 items-center gap-3 border-b border-zinc-800 bg-zinc-900 px-4 text-zinc-100">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 text-sky-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
      >
        <circle cx="8.5" cy="8.5" r="5" />
        <path d="M12.3 12.3L17 17" strokeLinecap="round" />
        <path d="M6.5 8.5h4M8.5 6.5v4" strokeLinecap="round" />
      </svg>
      <h1 className="text-sm font-semibold tracking-tight">MCP Resource Inspector</h1>
      <span className="ml-auto flex items-center gap-3 text-[11px] text-zinc-300">
        {backendDown ? (
          <span role="status" className="flex items-center gap-1.5 text-rose-300">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-rose-400" />
            Backend not reachable
          </span>
        ) : (
          <span>
            {connected} {connected === 1 ? "server" : "servers"} connected
          </span>
        )}
        {stream && <StreamIndicator status={stream} />}
        {actions}
        <ThemeToggle />
        <KeyboardShortcuts />
      </span>
    </header>
  );
}
