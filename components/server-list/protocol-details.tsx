"use client";

import type { ServerCapabilities, SessionSummary } from "@/lib/api/contract";

/** The capabilities a server declared, in a few words (`resources: subscribe, listChanged`). */
export function capabilityWords(capabilities: ServerCapabilities | null): string[] {
  if (!capabilities) return [];
  return Object.entries(capabilities)
    .filter(([name, value]) => name !== "experimental" && value !== undefined)
    .map(([name, value]) => {
      const flags =
        value && typeof value === "object"
          ? Object.entries(value as Record<string, unknown>)
              .filter(([, on]) => on === true)
              .map(([flag]) => flag)
          : [];
      return flags.length ? `${name}: ${flags.join(", ")}` : name;
    });
}

/**
 * The protocol a connected server speaks (issue 15): its era — `initialize` (legacy, up to
 * 2025-11-25) or `server/discover` (2026-07-28) — the negotiated version and what it declared.
 */
export function ProtocolDetails({ session }: { session: SessionSummary }) {
  if (session.status !== "connected" || !session.era) return null;
  const modern = session.era === "modern";
  const caps = capabilityWords(session.capabilities);
  const chosen = session.eraChoice && session.eraChoice !== "auto" ? ` (chosen: ${session.eraChoice})` : "";
  return (
    <p className="mt-1 flex min-w-0 items-center gap-1.5 text-[11px] leading-4 text-zinc-600">
      <span
        className={`shrink-0 rounded px-1 font-medium ${modern ? "bg-violet-100 text-violet-800" : "bg-zinc-200/80 text-zinc-700"}`}
        title={
          (modern
            ? "Modern era: server/discover, subscriptions/listen, cache hints"
            : "Legacy era: initialize, resources/subscribe") + chosen
        }
      >
        {modern ? "modern era" : "legacy era"}
        {session.protocolVersion ? ` · ${session.protocolVersion}` : ""}
      </span>
      {caps.length > 0 && (
        <span className="truncate text-zinc-500" title={`Declared capabilities: ${caps.join("; ")}`}>
          {caps.join("; ")}
        </span>
      )}
    </p>
  );
}
