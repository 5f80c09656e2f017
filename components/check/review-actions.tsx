import { isApiError } from "@/lib/api/api-client";

export interface ReviewActionsProps {
  folder: string;
  onFolder: (folder: string) => void;
  /** Problems that block saving and running. */
  problems: number;
  saving: boolean;
  savedPath: string | null;
  /** Edited since it was saved. */
  dirty: boolean;
  saveError: Error | null;
  exporting: boolean;
  exportError: Error | null;
  running: boolean;
  runError: Error | null;
  verifying: boolean;
  verifyError: Error | null;
  onSave: (overwrite: boolean) => void;
  onDownload: () => void;
  onExport: () => void;
  onRun: () => void;
  onVerify: () => void;
  onDiscard: () => void;
}

const btn =
  "rounded border px-2 py-1 text-xs font-medium disabled:opacity-50 border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100";

/** The review's footer: where to save, then Save / Download / Export / Run, or Discard. */
export function ReviewActions(p: ReviewActionsProps) {
  const blocked = p.problems > 0;
  const exists = p.saveError && isApiError(p.saveError) && p.saveError.status === 409;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-w-64 flex-1 items-center gap-2 text-xs text-zinc-700">
          Folder
          <input
            value={p.folder}
            spellCheck={false}
            onChange={(e) => p.onFolder(e.target.value)}
            placeholder="(the checks root)"
            title="A folder inside the checks root (mcp-checks/ unless the inspector was started with MCP_INSPECTOR_CHECKS_DIR)"
            className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-1.5 py-1 font-mono text-xs"
          />
        </label>
        <button type="button" className={btn} onClick={p.onDiscard}>
          {p.savedPath && !p.dirty ? "Done" : "Discard"}
        </button>
        <button type="button" className={btn} onClick={p.onDownload} disabled={blocked}>
          Download
        </button>
        <button type="button" className={btn} onClick={p.onExport} disabled={blocked || p.exporting}>
          {p.exporting ? "Exporting…" : "Export Playwright spec"}
        </button>
        <button type="button" className={btn} onClick={p.onRun} disabled={blocked || p.running}>
          {p.running ? "Running…" : "Run"}
        </button>
        <button
          type="button"
          className={btn}
          onClick={p.onVerify}
          disabled={blocked || p.verifying}
          title="Replay the check 3 times against fresh servers and mark the steps that differ"
        >
          {p.verifying ? "Verifying…" : "Verify now"}
        </button>
        <button
          type="button"
          onClick={() => p.onSave(false)}
          disabled={blocked || p.saving}
          className="rounded border border-sky-700 bg-sky-700 px-3 py-1 text-xs font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          {p.saving ? "Saving…" : "Save"}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 text-[11px]" aria-live="polite">
        {blocked && (
          <span className="text-rose-700">
            {p.problems} {p.problems === 1 ? "problem" : "problems"} to fix before saving or running (marked
            above).
          </span>
        )}
        {p.savedPath && (
          <span role="status" className="text-emerald-800">
            Saved to <code className="font-mono">{p.savedPath}</code>
            {p.dirty ? " — edited since; save again to keep the changes." : ""}
          </span>
        )}
        {exists ? (
          <span role="alert" className="flex items-center gap-2 text-amber-900">
            {p.saveError?.message}
            <button type="button" className={btn} onClick={() => p.onSave(true)}>
              Overwrite
            </button>
          </span>
        ) : (
          p.saveError && (
            <span role="alert" className="text-rose-700">
              Save failed: {p.saveError.message}
            </span>
          )
        )}
        {(
          [
            ["Export", p.exportError],
            ["Verify", p.verifyError],
            ["Run", p.runError],
          ] as const
        ).map(
          ([what, error]) =>
            error && (
              <span key={what} role="alert" className="text-rose-700">
                {what} failed: {error.message}
              </span>
            ),
        )}
      </div>
    </div>
  );
}
