"use client";

import { useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { EraChoice, HttpTransportChoice, SessionSummary } from "@/lib/api/contract";
import { startsWithJsoncObject } from "@/lib/json/json-gap";
import type { HeaderRow } from "@/lib/launch/url-launch";
import { CommandForm } from "./command-form";
import { CreateError } from "./create-error";
import { EraSelect } from "./era-select";
import { SaveChoice, type SaveChoiceValue } from "./save-choice";
import { SavedServerList } from "./saved-server-list";
import { useCreateSession } from "./use-create-session";
import { useLineParser } from "./use-line-parser";
import { Spinner } from "@/components/ui/spinner";
import { OpenCaptureButton } from "@/components/capture/open-capture-button";
import { ImportReview, LaunchPreview, UrlReview } from "@/components/workspace/lazy-parts";

export interface ConnectPanelProps {
  onConnected: (session: SessionSummary) => void;
  /** What the paste box starts with (Edit on a server that did not start). */
  initialLine?: string;
  /**
   * A pasted config to review where there is room (the workspace shows it wide), or null when the
   * text changed and that review no longer applies. Without it, the review opens in this panel.
   */
  onImport?: (text: string | null) => void;
  /**
   * Told when a command or URL is under review (or its start failed), so the workspace can give
   * it the wide columns; the review then renders into `reviewSlot`. Without them, it stays here.
   */
  onReviewing?: (reviewing: boolean) => void;
  reviewSlot?: HTMLElement | null;
}

/**
 * Paste a command, a server URL or a client config → review exactly what runs or is contacted → run
 * it; or start the built-in demo server, or a saved one. A failed start keeps everything filled in,
 * so the user can fix and retry. A config (JSON) goes to the import review: one checkbox per server.
 */
export function ConnectPanel({
  onConnected,
  initialLine = "",
  onImport,
  onReviewing,
  reviewSlot,
}: ConnectPanelProps) {
  const [line, setLine] = useState(initialLine);
  // The line the user asked to review; the preview (or the parse error) is derived from it.
  const [reviewed, setReviewed] = useState<string | null>(null);
  // A URL's transport and headers: kept across Edit and failed attempts, dropped on success.
  const [transport, setTransport] = useState<HttpTransportChoice>("auto");
  const [era, setEra] = useState<EraChoice>("auto");
  const [headerRows, setHeaderRows] = useState<HeaderRow[]>([]);
  // Saving is the user's choice, not a default: a server tried once should not pile up.
  const [saving, setSaving] = useState<SaveChoiceValue>({ save: false, keepValues: false });
  const create = useCreateSession((session) => {
    setLine("");
    setReviewed(null);
    setTransport("auto");
    setHeaderRows([]);
    onConnected(session);
  });

  const current = reviewed !== null && reviewed === line ? reviewed : null;
  const importing = current !== null && startsWithJsoncObject(current);
  // The shell parser loads after the first screen (use-line-parser.ts); a Review before it is in
  // waits for it, which on a warm page is never seen.
  const parser = useLineParser();
  const parsing = current !== null && !importing && parser === null;
  const parsed = current !== null && !importing && parser ? parser(current) : null;
  const spec = parsed?.ok ? (parsed.spec ?? null) : null;
  const target = parsed?.ok ? (parsed.target ?? null) : null;
  const review = () => {
    setReviewed(line);
    if (onImport && startsWithJsoncObject(line)) onImport(line);
  };
  const edit = () => {
    setReviewed(null);
    create.reset();
  };
  // The review and a start failure need room (a 280 px column cut the era select and pushed the
  // failure below the fold while the main area stood empty, issue 33): the wide columns get them.
  const wide = spec !== null || target !== null || create.isError;
  useEffect(() => onReviewing?.(wide), [wide, onReviewing]);
  useEffect(() => () => onReviewing?.(false), [onReviewing]);
  const roomy = (node: ReactNode) =>
    wide && reviewSlot ? (
      <>
        <p className="text-xs text-zinc-600">Review it in the main area →</p>
        {createPortal(<div className="flex max-w-3xl flex-col gap-3">{node}</div>, reviewSlot)}
      </>
    ) : (
      node
    );

  return (
    // At most 60% of the column, scrolling inside: the running servers below always keep room.
    <div className="scrollbar-thin flex max-h-[60%] shrink-0 flex-col gap-3 overflow-y-auto border-b border-zinc-200 p-3">
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
      {importing && !onImport ? (
        <ImportReview
          text={current}
          onConnected={onConnected}
          onEdit={edit}
          onDone={() => {
            setLine("");
            setReviewed(null);
          }}
        />
      ) : spec ? (
        roomy(
          <>
            <LaunchPreview
              spec={spec}
              pending={create.isPending}
              onRun={() =>
                create.mutate({
                  command: spec.program,
                  args: spec.args,
                  env: spec.env,
                  ...(spec.cwd ? { cwd: spec.cwd } : {}),
                  ...saving,
                  ...(era !== "auto" ? { era } : {}),
                })
              }
              onEdit={edit}
            />
            <EraSelect value={era} onChange={setEra} disabled={create.isPending} />
            <SaveChoice
              value={saving}
              onChange={setSaving}
              valueNames={Object.keys(spec.env)}
              disabled={create.isPending}
            />
            {create.isError && <CreateError error={create.error} remote={false} />}
          </>,
        )
      ) : target ? (
        roomy(
          <>
            <UrlReview
              target={target}
              transport={transport}
              onTransport={setTransport}
              rows={headerRows}
              onRows={setHeaderRows}
              pending={create.isPending}
              onRun={(connection) =>
                create.mutate({ ...connection, ...saving, ...(era !== "auto" ? { era } : {}) })
              }
              onEdit={edit}
            />
            <EraSelect value={era} onChange={setEra} disabled={create.isPending} />
            <SaveChoice
              value={saving}
              onChange={setSaving}
              valueNames={headerRows.map((r) => r.name.trim()).filter(Boolean)}
              disabled={create.isPending}
            />
            {create.isError && <CreateError error={create.error} remote />}
          </>,
        )
      ) : (
        <CommandForm
          value={line}
          onChange={(next) => {
            setLine(next);
            if (create.isError) create.reset();
            if (importing) onImport?.(null);
          }}
          onReview={review}
          parseError={parsed && !parsed.ok ? parsed.message : null}
        />
      )}
      {parsing && <Spinner label="Reading the command…" />}
      {create.isError && !spec && !target && roomy(<CreateError error={create.error} remote={false} />)}
      <SavedServerList onConnected={onConnected} />
      <OpenCaptureButton onOpened={onConnected} />
    </div>
  );
}
