"use client";

import { ErrorCallout } from "@/components/ui/error-callout";
import { isApiError } from "@/lib/api/api-client";
import type { SessionSummary } from "@/lib/api/contract";
import type { SavedServerSummary } from "@/lib/api/saved-servers";
import { CreateError } from "./create-error";
import { useSavedServers } from "./use-saved-servers";

export interface SavedServerListProps {
  onConnected: (session: SessionSummary) => void;
}

function describe(s: SavedServerSummary): string {
  return s.launch.kind === "http" ? s.launch.url : [s.launch.program, ...s.launch.args].join(" ");
}

/** Servers confirmed before (kept in servers.json): one click reconnects, one removes. */
export function SavedServerList({ onConnected }: SavedServerListProps) {
  const { list, connect, remove } = useSavedServers(onConnected);
  const servers = list.data?.servers ?? [];
  // The file is unreadable (409, its path and where it breaks); a backend that is down or a missing
  // token are shown elsewhere on the page.
  if (list.isError && isApiError(list.error) && list.error.status === 409)
    return <ErrorCallout title="Saved servers cannot be read" message={list.error.message} />;
  if (servers.length === 0) return null;
  return (
    <section aria-labelledby="saved-servers-heading" className="flex flex-col gap-1.5">
      <h2 id="saved-servers-heading" className="text-xs font-medium text-zinc-700">
        Saved servers
      </h2>
      {/* Bounded: many saved servers must not push the running ones out of the column. */}
      <ul className="scrollbar-thin flex max-h-40 flex-col gap-1 overflow-y-auto">
        {servers.map((s) => {
          const names = s.launch.kind === "http" ? s.launch.headerNames : s.launch.envNames;
          const busy =
            (connect.isPending && connect.variables === s.name) ||
            (remove.isPending && remove.variables === s.name);
          return (
            <li
              key={s.name}
              aria-label={s.name}
              className="flex flex-col gap-0.5 rounded-md border border-zinc-200 bg-white p-1.5 text-xs"
            >
              <div className="flex items-center gap-1.5">
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-900">{s.name}</span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => connect.mutate(s.name)}
                  aria-label={`Connect ${s.name}`}
                  className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] font-medium hover:bg-zinc-100 disabled:opacity-40"
                >
                  Connect
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => remove.mutate(s.name)}
                  aria-label={`Remove ${s.name}`}
                  className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] text-zinc-600 hover:bg-zinc-100 disabled:opacity-40"
                >
                  Remove
                </button>
              </div>
              <code className="font-mono text-[11px] break-all text-zinc-600" dir="ltr">
                {describe(s)}
              </code>
              {s.variables.length > 0 && (
                <p className="text-[11px] text-zinc-600">
                  Needs from the environment: <span className="font-mono">{s.variables.join(", ")}</span>
                </p>
              )}
              {names.length > 0 && (
                <p className="text-[11px] text-zinc-600">
                  {s.launch.kind === "http" ? "Headers: " : "Env: "}
                  {names.map((n) => (
                    <span key={n} className="mr-1.5 font-mono">
                      {n}
                      {s.stored.includes(n) ? (
                        <span className="ml-0.5 rounded bg-amber-100 px-0.5 font-sans text-[10px] text-amber-900">
                          stored
                        </span>
                      ) : null}
                    </span>
                  ))}
                </p>
              )}
              {connect.isError && connect.variables === s.name && <CreateError error={connect.error} />}
              {remove.isError && remove.variables === s.name && (
                <ErrorCallout title="Could not remove it" message={remove.error.message} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
