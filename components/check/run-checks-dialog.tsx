"use client";

import { useState, type FormEvent } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorCallout } from "@/components/ui/error-callout";
import { ModalFrame } from "@/components/ui/modal-frame";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { CheckResult, CheckListResponse, StepResult } from "@/lib/check/results";
import { CheckFileList } from "./check-file-list";
import { CheckResults } from "./check-results";

export interface RunChecksDialogProps {
  folder: string;
  onFolder: (folder: string) => void;
  /** KEY=value file for `${VAR}` references ("" = none). */
  envFile: string;
  onEnvFile: (envFile: string) => void;
  list: { data: CheckListResponse | undefined; error: Error | null };
  running: boolean;
  runFiles: readonly string[] | undefined;
  results: readonly CheckResult[] | undefined;
  runError: Error | null;
  onRun: (files: string[]) => void;
  /** The open session a result's failing steps can be shown in, if any (the run's server is gone). */
  viewerSessionOf: (result: CheckResult) => string | null;
  onOpen: (uri: string, result: CheckResult) => void;
  onClose: () => void;
}

const labelClass = "w-12 shrink-0";
const inputClass = "min-w-0 flex-1 rounded border border-zinc-300 bg-white px-1.5 py-1 font-mono text-xs";

/** Saved checks of a folder: run one or all, see pass/fail per step with the diffs. */
export function RunChecksDialog(p: RunChecksDialogProps) {
  const [draftFolder, setDraftFolder] = useState(p.folder);
  const checks = p.list.data?.checks ?? [];
  const runnable = checks.filter((c) => !c.error).map((c) => c.path);

  function submit(e: FormEvent) {
    e.preventDefault();
    p.onFolder(draftFolder.trim());
  }

  const uriOf = (r: CheckResult, step: StepResult) => (p.viewerSessionOf(r) ? step.uri : undefined);
  const openNoteOf = (r: CheckResult, step: StepResult) =>
    step.uri && !p.viewerSessionOf(r)
      ? `To open ${step.uri}, start a server with this check's launch (same command and env): the run's own server has exited.`
      : undefined;

  return (
    <ModalFrame
      size="large"
      title="Run checks"
      subtitle="each against a fresh server process"
      onClose={p.onClose}
    >
      <div className="flex flex-col gap-3 p-4">
        <form onSubmit={submit} className="flex items-center gap-2">
          <label className="flex flex-1 items-center gap-2 text-xs text-zinc-700">
            <span className={labelClass}>Folder</span>
            <input
              value={draftFolder}
              spellCheck={false}
              onChange={(e) => setDraftFolder(e.target.value)}
              placeholder="(the checks root)"
              title="A folder inside the checks root (mcp-checks/ unless the inspector was started with MCP_INSPECTOR_CHECKS_DIR)"
              className={inputClass}
            />
          </label>
          <button
            type="submit"
            className="rounded border border-zinc-300 bg-white px-2 py-1 text-xs font-medium text-zinc-800 hover:bg-zinc-100"
          >
            List checks
          </button>
          <button
            type="button"
            disabled={p.running || runnable.length === 0}
            onClick={() => p.onRun(runnable)}
            className="rounded border border-sky-700 bg-sky-700 px-3 py-1 text-xs font-medium text-white hover:bg-sky-800 disabled:opacity-50"
          >
            Run all
          </button>
        </form>
        <div className="flex flex-col gap-0.5">
          <label className="flex items-center gap-2 text-xs text-zinc-700">
            <span className={labelClass}>Env file</span>
            <input
              value={p.envFile}
              spellCheck={false}
              placeholder="optional, e.g. .env.checks"
              aria-describedby="run-checks-env-help"
              onChange={(e) => p.onEnvFile(e.target.value)}
              className={inputClass}
            />
          </label>
          <p id="run-checks-env-help" className="pl-14 text-[11px] text-zinc-500">
            KEY=value lines for <code className="font-mono">{"${VAR}"}</code> references, read by the
            inspector: a file inside the checks root, or the one it was started with (MCP_INSPECTOR_ENV_FILE).
            Values are never sent back, and are blanked out of results.
          </p>
        </div>
        <QueryState query={p.list} pendingLabel="Listing checks…" errorTitle="Could not list the checks">
          {(list) =>
            list.checks.length === 0 ? (
              <EmptyState
                title={list.folder === "." ? "No checks in the checks root" : `No checks in ${list.folder}`}
              >
                Record a server and save the check here, or choose another folder.
              </EmptyState>
            ) : (
              <CheckFileList checks={list.checks} running={p.running} runFiles={p.runFiles} onRun={p.onRun} />
            )
          }
        </QueryState>
        {p.running && <Spinner label="Running checks…" />}
        {p.runError && <ErrorCallout title="The run failed" message={p.runError.message} />}
        {p.results && !p.running && (
          <CheckResults results={p.results} uriOf={uriOf} openNoteOf={openNoteOf} onOpen={p.onOpen} />
        )}
      </div>
    </ModalFrame>
  );
}
