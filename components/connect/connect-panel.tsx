"use client";

import { useState } from "react";
import { CommandLineError, parseCommandLine } from "@/lib/command-line";
import type { CommandSpec, HttpTransportChoice, SessionSummary } from "@/lib/contract";
import {
  looksLikeJson,
  looksLikeUrl,
  parseServerUrl,
  singleServerFromConfig,
  type HeaderRow,
  type ServerConfigPaste,
  type UrlTarget,
} from "@/lib/url-launch";
import { CommandForm } from "./command-form";
import { CreateError } from "./create-error";
import { LaunchPreview } from "./launch-preview";
import { UrlReview } from "./url-review";
import { useCreateSession } from "./use-create-session";

type Parsed =
  | { ok: true; spec: CommandSpec; target?: never; config?: ServerConfigPaste }
  | { ok: true; target: UrlTarget; config?: ServerConfigPaste; spec?: never }
  | { ok: false; message: string };

function parse(line: string): Parsed {
  if (looksLikeJson(line)) {
    const pasted = singleServerFromConfig(line);
    if (!pasted.ok) return pasted;
    const launch = pasted.config.launch;
    if (launch.kind === "stdio") {
      const { kind: _kind, ...spec } = launch;
      return { ok: true, spec, config: pasted.config };
    }
    const url = parseServerUrl(launch.url);
    return url.ok
      ? { ok: true, target: url.target, config: pasted.config }
      : { ok: false, message: url.message };
  }
  if (looksLikeUrl(line)) {
    const url = parseServerUrl(line);
    return url.ok ? { ok: true, target: url.target } : { ok: false, message: url.message };
  }
  try {
    return { ok: true, spec: parseCommandLine(line) };
  } catch (error) {
    if (error instanceof CommandLineError) return { ok: false, message: error.message };
    throw error;
  }
}

export interface ConnectPanelProps {
  onConnected: (session: SessionSummary) => void;
}

/**
 * Paste a command or a server URL → review exactly what runs or is contacted → run it; or start the
 * built-in demo server. A failed start keeps everything filled in, so the user can fix and retry.
 */
export function ConnectPanel({ onConnected }: ConnectPanelProps) {
  const [line, setLine] = useState("");
  // The line the user asked to review; the preview (or the parse error) is derived from it.
  const [reviewed, setReviewed] = useState<string | null>(null);
  // A URL's transport and headers: kept across Edit and failed attempts, dropped on success.
  const [transport, setTransport] = useState<HttpTransportChoice>("auto");
  const [headerRows, setHeaderRows] = useState<HeaderRow[]>([]);
  const [prefilled, setPrefilled] = useState<string | null>(null);
  const create = useCreateSession((session) => {
    setLine("");
    setReviewed(null);
    setTransport("auto");
    setHeaderRows([]);
    onConnected(session);
  });

  const parsed = reviewed !== null && reviewed === line ? parse(reviewed) : null;
  const spec = parsed?.ok ? (parsed.spec ?? null) : null;
  const target = parsed?.ok ? (parsed.target ?? null) : null;
  const config = parsed?.ok ? parsed.config : undefined;
  const review = () => {
    setReviewed(line);
    // A pasted client config brings its transport and headers: they fill the review's fields,
    // once per paste (reviewing the same paste again keeps what the user changed).
    const next = parse(line);
    const launch = next.ok ? next.config?.launch : undefined;
    if (launch?.kind === "http" && line !== prefilled) {
      setPrefilled(line);
      setTransport(launch.transport);
      setHeaderRows(Object.entries(launch.headers).map(([name, value], i) => ({ id: i + 1, name, value })));
    }
  };
  const edit = () => {
    setReviewed(null);
    create.reset();
  };

  return (
    <div className="flex flex-col gap-3 border-b border-zinc-200 p-3">
      <button
        type="button"
        onClick={() => create.mutate({ preset: "demo" })}
        disabled={create.isPending}
        className="flex items-center justify-center gap-2 rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-sky-800 disabled:opacity-60"
      >
        <span aria-hidden="true">▶</span>
        Try the demo server
      </button>
      <div className="flex items-center gap-2 text-[11px] text-zinc-400" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200" />
        or connect your own
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      {spec ? (
        <LaunchPreview
          spec={spec}
          pending={create.isPending}
          onRun={() =>
            create.mutate({
              command: spec.program,
              args: spec.args,
              env: spec.env,
              ...(spec.cwd ? { cwd: spec.cwd } : {}),
              ...(config ? { name: config.name } : {}),
            })
          }
          onEdit={edit}
        />
      ) : target ? (
        <UrlReview
          target={target}
          transport={transport}
          onTransport={setTransport}
          rows={headerRows}
          onRows={setHeaderRows}
          pending={create.isPending}
          onRun={(connection) => create.mutate(config ? { ...connection, name: config.name } : connection)}
          onEdit={edit}
        />
      ) : (
        <CommandForm
          value={line}
          onChange={(next) => {
            setLine(next);
            if (create.isError) create.reset();
          }}
          onReview={review}
          parseError={parsed && !parsed.ok ? parsed.message : null}
        />
      )}
      {create.isError && <CreateError error={create.error} remote={target !== null} />}
    </div>
  );
}
