"use client";

import { useId, useState, type FormEvent } from "react";
import { ErrorCallout } from "@/components/ui/error-callout";
import type { SessionSummary } from "@/lib/api/contract";
import {
  useCompareLastBuild,
  useFileWatchSuggestion,
  useStartFileWatch,
  useStopFileWatch,
} from "./use-file-watch";
import { Button } from "@/components/ui/button";

const INPUT =
  "rounded border border-zinc-300 px-2 py-1 font-mono text-[11px] focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none";

/**
 * Watch mode for a local server: a path (folder or file), an optional build command (run without
 * a shell, in the watched folder, its output in the stderr tab) and the on/off switch (its status line sits in the panel's bar). Every
 * change under the path restarts the server; the tree and viewer follow as for live updates.
 */
export function RestartOnChangeTab({ session }: { session: SessionSummary }) {
  const suggestion = useFileWatchSuggestion(session.id);
  const start = useStartFileWatch(session.id);
  const stop = useStopFileWatch(session.id);
  const compare = useCompareLastBuild(session.id);
  const active = session.fileWatch;
  const [path, setPath] = useState<string | null>(null);
  const [build, setBuild] = useState<string | null>(null);
  const [wanted, setWanted] = useState<boolean | null>(null);
  const pathId = useId();
  const buildId = useId();

  if (!session.abilities.restart)
    return (
      <p className="p-3 text-xs text-zinc-500">Only a local (stdio) server can be restarted on a change.</p>
    );

  const pathValue = path ?? active?.path ?? suggestion.data?.suggestedPath ?? "";
  const buildValue = build ?? active?.build ?? "";
  const body = () => ({
    path: pathValue.trim(),
    ...(buildValue.trim() ? { build: buildValue.trim() } : {}),
    ...(active?.compareLastBuild ? { compareLastBuild: true } : {}),
  });
  const edited =
    active !== undefined &&
    (pathValue.trim() !== active.path || (buildValue.trim() || null) !== active.build);
  const busy = start.isPending || stop.isPending;
  const error = start.error ?? stop.error ?? compare.error;

  const toggle = () => {
    start.reset();
    stop.reset();
    const settled = { onSettled: () => setWanted(null) };
    setWanted(!active);
    if (active) stop.mutate(undefined, settled);
    else start.mutate(body(), settled);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(body());
  };

  return (
    <form onSubmit={apply} className="flex max-w-3xl flex-col gap-2 p-3 text-xs">
      <label className="flex items-center gap-2 font-medium text-zinc-800">
        <input
          type="checkbox"
          // Follows the click at once; the summary confirms it (or the error below undoes it).
          checked={wanted ?? active !== undefined}
          disabled={busy || (!active && pathValue.trim() === "")}
          onChange={toggle}
        />
        Restart on change
      </label>
      <label htmlFor={pathId} className="text-[11px] font-medium text-zinc-700">
        Watch path (folder or file; node_modules and .git are ignored)
      </label>
      <input
        id={pathId}
        value={pathValue}
        onChange={(e) => setPath(e.target.value)}
        spellCheck={false}
        className={INPUT}
      />
      <label htmlFor={buildId} className="text-[11px] font-medium text-zinc-700">
        Build command before each restart (optional; runs in the watched folder without a shell)
      </label>
      <input
        id={buildId}
        value={buildValue}
        onChange={(e) => setBuild(e.target.value)}
        placeholder="npm run build"
        spellCheck={false}
        className={INPUT}
      />
      <label className="flex items-center gap-2 text-zinc-800">
        <input
          type="checkbox"
          checked={compare.isPending ? compare.variables : Boolean(active?.compareLastBuild)}
          disabled={!active || compare.isPending}
          onChange={(e) => compare.mutate(e.target.checked)}
        />
        Compare with the last build
        <span className="text-[11px] text-zinc-500">
          (each restart&apos;s listings and open resources against the build before; kept in memory)
        </span>
      </label>
      {active && (
        <div className="flex items-center gap-2">
          <Button variant="primary" size="sm" dimmed={40} type="submit" disabled={busy || !edited}>
            Apply
          </Button>
        </div>
      )}
      {error && <ErrorCallout title="Restart on change" message={error.message} />}
    </form>
  );
}
