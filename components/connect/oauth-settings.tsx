"use client";

import { useId, useState } from "react";
import type { HttpAuthSettings } from "@/lib/api/contract";

const input =
  "w-full rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-mono text-xs text-zinc-900 disabled:opacity-60";

/**
 * What the OAuth sign-in uses if the server asks for it: a pre-registered client or a Client ID
 * Metadata Document the user hosts (else the inspector registers one), the scope, and whether
 * tokens are kept on this machine. Closed by
 * default: most servers need none of it.
 */
export function OAuthSettings({
  value,
  onChange,
  disabled,
}: {
  value: HttpAuthSettings;
  onChange: (next: HttpAuthSettings) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [showSecret, setShowSecret] = useState(false);
  const set = (key: "clientId" | "clientSecret" | "scope" | "clientMetadataUrl", text: string) => {
    const next = { ...value };
    if (text === "") delete next[key];
    else next[key] = text;
    onChange(next);
  };
  return (
    <details className="text-xs" open={Object.keys(value).length > 0 || undefined}>
      <summary className="cursor-pointer text-[11px] font-medium text-zinc-600">
        OAuth sign-in (if the server asks for it)
      </summary>
      <fieldset className="mt-1 flex flex-col gap-1.5" disabled={disabled}>
        <legend className="sr-only">OAuth sign-in</legend>
        <label className="flex flex-col gap-0.5" htmlFor={`${id}-client`}>
          <span className="text-[11px] text-zinc-600">Client id (empty: register one dynamically)</span>
          <input
            id={`${id}-client`}
            className={input}
            value={value.clientId ?? ""}
            onChange={(e) => set("clientId", e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <div className="flex flex-col gap-0.5">
          <label className="text-[11px] text-zinc-600" htmlFor={`${id}-secret`}>
            Client secret
          </label>
          <div className="flex gap-1">
            <input
              id={`${id}-secret`}
              className={input}
              type={showSecret ? "text" : "password"}
              value={value.clientSecret ?? ""}
              onChange={(e) => set("clientSecret", e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
            <button
              type="button"
              onClick={() => setShowSecret((s) => !s)}
              className="rounded border border-zinc-300 bg-white px-1.5 text-[11px] text-zinc-700 hover:bg-zinc-100"
              aria-pressed={showSecret}
            >
              {showSecret ? "Hide" : "Show"}
            </button>
          </div>
        </div>
        <label className="flex flex-col gap-0.5" htmlFor={`${id}-cimd`}>
          <span className="text-[11px] text-zinc-600">
            Client metadata document URL (https; the client id where the authorization server accepts one,
            else it registers)
          </span>
          <input
            id={`${id}-cimd`}
            className={input}
            type="url"
            placeholder="https://example.com/inspector-client.json"
            value={value.clientMetadataUrl ?? ""}
            onChange={(e) => set("clientMetadataUrl", e.target.value.trim())}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className="flex flex-col gap-0.5" htmlFor={`${id}-scope`}>
          <span className="text-[11px] text-zinc-600">Scope (empty: what the server asks for)</span>
          <input
            id={`${id}-scope`}
            className={input}
            value={value.scope ?? ""}
            onChange={(e) => set("scope", e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className="flex items-center gap-1.5 text-zinc-800">
          <input
            type="checkbox"
            checked={value.remember === true}
            onChange={(e) => {
              const next = { ...value };
              if (e.target.checked) next.remember = true;
              else delete next.remember;
              onChange(next);
            }}
          />
          Remember the sign-in on this machine (tokens in your config folder, readable only by you)
        </label>
      </fieldset>
    </details>
  );
}
