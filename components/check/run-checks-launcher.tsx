"use client";

import { useState } from "react";
import { useSessions } from "@/components/server-list/use-sessions";
import { useSelect } from "@/components/workspace/use-selection";
import { viewerSessionFor } from "@/lib/check/viewer-session";
import { DEFAULT_CHECK_FOLDER } from "@/lib/check/format";
import type { CheckResult } from "@/lib/check/results";
import { RunChecksDialog } from "./run-checks-dialog";
import { useRunChecks } from "./use-run-checks";

export interface RunChecksLauncherProps {
  /** The server the workspace shows: preferred for opening a failing step when it runs the same launch. */
  currentServerId: string | null;
}

/** "Run checks" in the header; the results outlive the dialog, so a failure can be opened and come back. */
export function RunChecksLauncher({ currentServerId }: RunChecksLauncherProps) {
  const [open, setOpen] = useState(false);
  const [folder, setFolder] = useState(DEFAULT_CHECK_FOLDER);
  const [envFile, setEnvFile] = useState("");
  const { checks, run } = useRunChecks(folder, open);
  const sessions = useSessions().data?.sessions ?? [];
  const select = useSelect();
  // Each check ran against a fresh server that has exited since: a failing step opens in a live
  // session of the same launch (the backend matched the launch, command or URL, at run time; the open
  // one the workspace shows wins). With none, the step says to start one instead of opening the
  // resource in an unrelated server. Starting one from here is left out on purpose: the session
  // would carry env-file values, and session summaries show their env to the browser.
  const viewerSessionOf = (result: CheckResult) =>
    viewerSessionFor(result.sessionIds, sessions, currentServerId);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded border border-zinc-700 px-1.5 py-0.5 text-[11px] font-medium text-zinc-200 hover:bg-zinc-800"
      >
        Run checks
      </button>
      {open && (
        <RunChecksDialog
          folder={folder}
          onFolder={(next) => {
            // The same folder again means "list it again".
            if (next === folder) void checks.refetch();
            else setFolder(next);
          }}
          envFile={envFile}
          onEnvFile={setEnvFile}
          list={checks}
          running={run.isPending}
          runFiles={run.variables?.files}
          results={run.data}
          runError={run.error}
          onRun={(files) => run.mutate({ files, ...(envFile.trim() ? { envFile: envFile.trim() } : {}) })}
          viewerSessionOf={viewerSessionOf}
          onOpen={(uri, result) => {
            const serverId = viewerSessionOf(result);
            if (!serverId) return;
            setOpen(false);
            select({ serverId, uri });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
