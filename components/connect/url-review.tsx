"use client";

import { useId, useMemo, useState } from "react";
import type { HttpAuthSettings } from "@/lib/api/contract";
import {
  authConflict,
  authorizationHeaderOf,
  HTTP_TRANSPORTS,
  isWebSocketUrl,
  transportsForUrl,
  WEBSOCKET_HOSTS_NOTE,
  type HttpTransportChoice,
} from "@/lib/launch/http-input";
import { checkHeaders, urlWarnings, type HeaderRow, type UrlTarget } from "@/lib/launch/url-launch";
import { HeaderEditor } from "./header-editor";
import { OAuthSettings } from "./oauth-settings";
import { VisibleText } from "./visible-text";
import { ReviewCode } from "./review-code";
import { ReviewFooter } from "./review-footer";
import { ReviewFact } from "./review-fact";

export interface UrlConnection {
  url: string;
  transport: HttpTransportChoice;
  headers: Record<string, string>;
  auth?: HttpAuthSettings;
}

export interface UrlReviewProps {
  target: UrlTarget;
  transport: HttpTransportChoice;
  onTransport: (transport: HttpTransportChoice) => void;
  rows: readonly HeaderRow[];
  onRows: (rows: HeaderRow[]) => void;
  pending: boolean;
  onRun: (connection: UrlConnection) => void;
  onEdit: () => void;
}

/**
 * The consent step for a server behind a URL: the URL with every character visible, the host that
 * will be contacted, the transport, and the headers sent with every request (values masked).
 */
export function UrlReview({
  target,
  transport,
  onTransport,
  rows,
  onRows,
  pending,
  onRun,
  onEdit,
}: UrlReviewProps) {
  const checked = useMemo(() => checkHeaders(rows), [rows]);
  const names = Object.keys(checked.headers);
  const [authChoice, setAuth] = useState<HttpAuthSettings>({});
  // A ws:// URL is spoken to over WebSocket only, and without OAuth (headers only).
  const webSocket = isWebSocketUrl(target.url);
  const auth = webSocket ? {} : authChoice;
  const offered = transportsForUrl(target.url);
  const chosen = offered.includes(transport) ? transport : "auto";
  // The API refuses the same pair (lib/api/contract.ts): said here before anything is sent.
  const conflict = authConflict(checked.headers, auth);
  const warnings = [
    ...urlWarnings(target, names),
    ...(conflict ? [{ level: "danger" as const, message: conflict }] : []),
  ];
  const transportName = useId();
  const invalid = checked.errors.size > 0 || conflict !== null;
  return (
    <section
      aria-label="Review the connection"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/60 p-2.5"
    >
      <p className="text-xs font-medium text-amber-900">The inspector will connect to this server:</p>
      <dl className="flex flex-col gap-2 text-xs">
        <ReviewFact term="URL">
          <ReviewCode>
            <VisibleText value={target.url} />
          </ReviewCode>
        </ReviewFact>
        <ReviewFact term="Host" className="flex flex-wrap items-center gap-1.5">
          <code className="font-mono text-xs text-zinc-900" dir="ltr">
            <VisibleText value={target.host} />
          </code>
          <span
            className={`rounded px-1 text-[10px] font-medium ${
              target.loopback ? "bg-emerald-100 text-emerald-800" : "bg-amber-200 text-amber-950"
            }`}
          >
            {target.loopback ? "loopback: this machine" : "another machine"}
          </span>
        </ReviewFact>
      </dl>
      <fieldset className="flex flex-col gap-0.5" disabled={pending}>
        <legend className="mb-0.5 text-[11px] font-medium text-zinc-600">Transport</legend>
        {offered.map((choice) => (
          <label key={choice} className="flex items-baseline gap-1.5 text-xs text-zinc-800">
            <input
              type="radio"
              name={transportName}
              value={choice}
              checked={chosen === choice}
              onChange={() => onTransport(choice)}
              className="translate-y-px"
            />
            {HTTP_TRANSPORTS[choice].label}
            {HTTP_TRANSPORTS[choice].hint && (
              <span className="text-[11px] text-zinc-500">({HTTP_TRANSPORTS[choice].hint})</span>
            )}
          </label>
        ))}
      </fieldset>
      <HeaderEditor rows={rows} errors={checked.errors} disabled={pending} onChange={onRows} />
      {names.length > 0 && (
        <p className="text-[11px] leading-4 text-zinc-500">
          {webSocket
            ? "Sent on the WebSocket handshake to this server's origin only (no redirect is followed);"
            : "Sent with every request to this server's origin only (never to an authorization server);"}{" "}
          the values stay on the inspector&apos;s backend and are not shown again.
          {authorizationHeaderOf(checked.headers) !== undefined &&
            " Your Authorization header is used as it is: the inspector will not sign in with OAuth."}
        </p>
      )}
      {webSocket ? (
        <p className="text-[11px] leading-4 text-zinc-500">
          No OAuth sign-in over WebSocket: a server that needs credentials takes them as a header.{" "}
          {WEBSOCKET_HOSTS_NOTE}
        </p>
      ) : (
        <OAuthSettings value={authChoice} onChange={setAuth} disabled={pending} />
      )}
      <ReviewFooter
        warnings={warnings}
        pending={pending}
        blocked={invalid}
        runLabel="Connect"
        pendingLabel="Connecting…"
        onRun={() =>
          onRun({
            url: target.url,
            transport: chosen,
            headers: checked.headers,
            ...(Object.keys(auth).length > 0 ? { auth } : {}),
          })
        }
        onEdit={onEdit}
      />
    </section>
  );
}
