import { isApiError } from "@/lib/api/api-client";

/** An action's request as the footer shows it (a mutation's state). */
export interface ActionState {
  isPending: boolean;
  error: Error | null;
}

export interface ReviewActionsProps {
  folder: string;
  onFolder: (folder: string) => void;
  /** Problems that block saving and running. */
  problems: number;
  save: ActionState;
  savedPath: string | null;
  /** Edited since it was saved. */
  dirty: boolean;
  exportSpec: ActionState;
  run: ActionState;
  verify: ActionState;
  onSave: (overwrite: boolean) => void;
  onDownload: () => void;
  onExport: () => void;
  onRun: () => void;
  onVerify: () => void;
  onDiscard: () => void;
}

const btn =
  "rounded border px-2 py-1 text-xs font-medium disabled:opacity-50 border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100";

const VERIFY_TITLE = "Replay the check 3 times against fresh servers and mark the steps that differ";

/** The review's footer: where to save, then Save / Download / Export / Run, or Discard. */
export function ReviewActions(p: ReviewActionsProps) {
  const blocked = p.problems > 0;
  const saveError = p.save.error;
  const exists = saveError && isApiError(saveError) && saveError.status === 409;
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
        {(
          [
            [p.exportSpec, p.onExport, "Export Playwright spec", "Exporting…", undefined],
            [p.run, p.onRun, "Run", "Running…", undefined],
            [p.verify, p.onVerify, "Verify now", "Verifying…", VERIFY_TITLE],
          ] as const
        ).map(([state, onClick, label, pendingLabel, title]) => (
          <button
            key={label}
            type="button"
            className={btn}
            onClick={onClick}
            disabled={blocked || state.isPending}
            title={title}
          >
            {state.isPending ? pendingLabel : label}
          </button>
        ))}
        <button
          type="button"
          onClick={() => p.onSave(false)}
          disabled={blocked || p.save.isPending}
          className="rounded border border-sky-700 bg-sky-700 px-3 py-1 text-xs font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          {p.save.isPending ? "Saving…" : "Save"}
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
            {saveError?.message}
            <button type="button" className={btn} onClick={() => p.onSave(true)}>
              Overwrite
            </button>
          </span>
        ) : (
          saveError && (
            <span role="alert" className="text-rose-700">
              Save failed: {saveError.message}
            </span>
          )
        )}
        {(
          [
            ["Export", p.exportSpec.error],
            ["Verify", p.verify.error],
            ["Run", p.run.error],
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
