"use client";

import { useId } from "react";
import { ErrorCallout } from "@/components/ui/error-callout";
import { StderrTail } from "@/components/ui/stderr-tail";
import { isApiError } from "@/lib/api/api-client";
import type { LaunchSpec } from "@/lib/api/contract";
import { SECRET_HEADER } from "@/lib/launch/secret-names";
import { isOnlyVariables, type ImportedServer } from "@/lib/import/server-config";
import { LaunchDetails } from "./launch-details";
import type { ImportResult } from "./use-import-connect";
import { VisibleText } from "./visible-text";

export interface ImportedServerCardProps {
  server: ImportedServer;
  /** What would run: the server's launch, in the workspace folder once one is given. */
  launch?: LaunchSpec;
  /** Why it cannot connect as things stand (one sentence), e.g. no workspace folder. */
  blocked?: string | undefined;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** "Save to my servers" is ticked: the values may be kept in the file. */
  saving: boolean;
  /** Environment or header names whose values the user asked to keep in the saved file. */
  keep: ReadonlySet<string>;
  onKeep: (name: string, keep: boolean) => void;
  result: ImportResult | undefined;
}

const INPUT_REF = /\$\{input:([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

/** One server found in a pasted config: exactly what would run or be contacted, and its checkbox. */
export function ImportedServerCard({
  server,
  launch = server.launch,
  blocked,
  checked,
  onChecked,
  saving,
  keep,
  onKeep,
  result,
}: ImportedServerCardProps) {
  const checkId = useId();
  const password = new Set(server.inputs.filter((i) => i.password).map((i) => i.id));
  const values: [string, string, boolean][] =
    launch.kind === "http"
      ? Object.entries(launch.headers).map(([k, v]) => [k, v, SECRET_HEADER.test(k)])
      : Object.entries(launch.env).map(([k, v]) => [k, v, true]);
  return (
    <li className="flex flex-col gap-1.5 rounded-md border border-zinc-200 bg-white p-2 text-xs">
      <div className="flex items-center gap-2">
        <input id={checkId} type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} />
        <label htmlFor={checkId} className="font-medium text-zinc-900">
          <VisibleText value={server.name} />
        </label>
        <span className="text-[10px] text-zinc-500">
          {launch.kind === "http" ? launch.transport : "stdio"}
        </span>
      </div>
      <LaunchDetails name={server.name} launch={launch} />
      {values.length > 0 && (
        <div>
          <p className="text-[11px] font-medium text-zinc-600">
            {launch.kind === "http" ? "Headers" : "Environment"}
          </p>
          <ul className="flex flex-col gap-0.5">
            {values.map(([name, value, secret]) => {
              const inputs = [...value.matchAll(INPUT_REF)].map((m) => m[1]!);
              const reference = isOnlyVariables(value);
              const usesPassword = inputs.some((id) => password.has(id));
              return (
                <li key={name} className="flex flex-wrap items-center gap-x-2">
                  <code className="font-mono text-[11px] text-sky-800">{name}</code>
                  <span className="text-[11px] text-zinc-500">
                    {reference ? (
                      <code className="font-mono">{value}</code>
                    ) : inputs.length > 0 ? (
                      `from input ${inputs.join(", ")}`
                    ) : (
                      "value given"
                    )}
                  </span>
                  {saving && !reference && secret && (
                    <label className="flex items-center gap-1 text-[11px] text-zinc-700">
                      <input
                        type="checkbox"
                        disabled={usesPassword}
                        checked={keep.has(name) && !usesPassword}
                        onChange={(e) => onKeep(name, e.target.checked)}
                      />
                      {usesPassword ? "a password: never saved" : "keep this value"}
                    </label>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {server.usedVariables.length > 0 && (
        <p className="text-[11px] text-zinc-600">
          Uses from the inspector&apos;s environment:{" "}
          {server.usedVariables.map((v) => (
            <code key={v} className="mr-1 font-mono text-sky-800">
              {v}
            </code>
          ))}
        </p>
      )}
      {blocked && <p className="text-[11px] text-amber-900">{blocked}</p>}
      {result?.state === "connecting" && <p className="text-[11px] text-zinc-600">Connecting…</p>}
      {result?.state === "connected" && <p className="text-[11px] font-medium text-emerald-700">Connected</p>}
      {result?.state === "failed" && (
        <ErrorCallout
          title={`${server.name} did not connect`}
          message={result.error.message}
          mcpCode={isApiError(result.error) ? result.error.mcpCode : undefined}
        >
          {isApiError(result.error) && result.error.stderrTail && (
            <StderrTail lines={result.error.stderrTail} summary="stderr" />
          )}
        </ErrorCallout>
      )}
    </li>
  );
}
