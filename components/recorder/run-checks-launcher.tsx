"use client";

import { useState } from "react";
import { useSelection } from "@/components/workspace/use-selection";
import { DEFAULT_CHECK_FOLDER } from "@/lib/recorder/format";
import { RunChecksDialog } from "./run-checks-dialog";
import { useRunChecks } from "./use-run-checks";

export interface RunChecksLauncherProps {
  /** The server the workspace shows: a failing step opens its resource there. */
  currentServerId: string | null;
}

/** "Run checks" in the header; the results outlive the dialog, so a failure can be opened and come back. */
export function RunChecksLauncher({ currentServerId }: RunChecksLauncherProps) {
  const [open, setOpen] = useState(false);
  const [folder, setFolder] = useState(DEFAULT_CHECK_FOLDER);
  const { checks, run } = useRunChecks(folder, open);
  const { select } = useSelection();
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
          list={checks}
          running={run.isPending}
          runFiles={run.variables}
          results={run.data}
          runError={run.error}
          onRun={(files) => run.mutate(files)}
          onOpen={(uri) => {
            setOpen(false);
            if (currentServerId) select({ serverId: currentServerId, uri });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
