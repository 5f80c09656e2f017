import type { CheckListEntry } from "@/lib/check/results";
import { Button } from "@/components/ui/button";

export interface CheckFileListProps {
  checks: readonly CheckListEntry[];
  running: boolean;
  /** The files of the run in progress or shown. */
  runFiles: readonly string[] | undefined;
  onRun: (files: string[]) => void;
}

/** The check files of a folder, each runnable on its own. */
export function CheckFileList({ checks, running, runFiles, onRun }: CheckFileListProps) {
  return (
    <ul
      aria-label="Saved checks"
      className="divide-y divide-zinc-100 rounded-md border border-zinc-200 bg-white"
    >
      {checks.map((c) => {
        const busy = running && runFiles?.includes(c.path);
        return (
          <li key={c.path} className="flex items-center gap-2 px-3 py-1.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs font-medium text-zinc-900">{c.name ?? c.path}</p>
              <p className="truncate font-mono text-[11px] text-zinc-500">{c.path}</p>
              {c.error && <p className="text-[11px] break-words text-rose-700">{c.error}</p>}
            </div>
            <Button
              variant="tool"
              size="xs"
              className="shrink-0"
              disabled={running || Boolean(c.error)}
              onClick={() => onRun([c.path])}
              aria-label={`Run ${c.name ?? c.path}`}
            >
              {busy ? "Running…" : "Run"}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
