"use client";

import { useCopy } from "@/components/ui/use-copy";
import type { SessionSummary } from "@/lib/api/contract";
import { TRANSPORT_LABEL } from "@/lib/launch/http-input";

/** `3f2a9c1d…`: enough to tell sessions apart; the title and the copy button carry the whole id. */
function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/**
 * How the inspector reaches a server behind a URL: the transport that answered (and that `auto`
 * chose it), the server's Mcp-Session-Id, the URL and the names of the headers sent. Header values
 * never reach the page. A stdio session shows nothing here: its card says what it runs.
 */
export function ConnectionDetails({ session }: { session: SessionSummary }) {
  const { state, copy } = useCopy();
  const { launch, transport } = session;
  if (launch.kind !== "http" || transport.kind !== "http") return null;
  const used = transport.used ? TRANSPORT_LABEL[transport.used] : null;
  const transportText =
    launch.transport === "auto" ? (used ? `auto → ${used}` : "auto") : TRANSPORT_LABEL[launch.transport];
  const reinitialized = transport.reinitialized;
  const ownAuthorization = launch.headerNames.some((n) => n.toLowerCase() === "authorization");
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-[11px] leading-4 text-zinc-600">
      <p className="flex min-w-0 items-center gap-1.5">
        <span
          className="shrink-0 rounded bg-zinc-200/80 px-1 font-medium text-zinc-700"
          title="The transport the server answered on"
        >
          {transportText}
        </span>
        {session.protocolVersion && (
          <span className="truncate font-mono text-zinc-500" title="Negotiated protocol version">
            {session.protocolVersion}
          </span>
        )}
      </p>
      <p className="truncate font-mono text-zinc-500" title={transport.url}>
        {transport.url}
      </p>
      {transport.sessionId && (
        <p className="relative z-10 flex min-w-0 items-center gap-1 self-start">
          <span className="shrink-0 text-zinc-400">Mcp-Session-Id</span>
          <code className="truncate font-mono" title={transport.sessionId}>
            {shortId(transport.sessionId)}
          </code>
          <button
            type="button"
            onClick={() => void copy(transport.sessionId ?? "")}
            aria-label="Copy Mcp-Session-Id"
            className="shrink-0 rounded px-0.5 text-zinc-400 hover:bg-zinc-200 hover:text-zinc-800"
          >
            {state === "copied" ? "copied" : state === "failed" ? "copy failed" : "copy"}
          </button>
        </p>
      )}
      {launch.headerNames.length > 0 && (
        <p
          className="truncate"
          title={`Headers sent to ${new URL(transport.url).origin} only (values hidden): ${launch.headerNames.join(", ")}`}
        >
          <span className="text-zinc-400">headers</span>{" "}
          <span className="font-mono">{launch.headerNames.join(", ")}</span>
        </p>
      )}
      {ownAuthorization && (
        <p
          className="text-zinc-500"
          title="With your own Authorization header the inspector never signs in with OAuth"
        >
          authorization: your header (OAuth sign-in off)
        </p>
      )}
      {transport.streamLost && (
        <p className="text-amber-700" role="status">
          {transport.streamNote ?? "event stream lost"}: notifications paused until it is open again
        </p>
      )}
      {reinitialized > 0 && (
        <p className="text-zinc-500 italic">
          session re-initialized {reinitialized}×: the server forgot the previous one
        </p>
      )}
    </div>
  );
}
