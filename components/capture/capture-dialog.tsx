"use client";

import { useId } from "react";
import { ProgressBar } from "@/components/progress/progress-bar";
import { Button } from "@/components/ui/button";
import { ModalFrame } from "@/components/ui/modal-frame";
import type { RequestProgress } from "@/lib/api/progress";

export interface CaptureDialogProps {
  serverName: string;
  all: boolean;
  onAll: (all: boolean) => void;
  /** The budget's field as typed (MB). */
  megabytes: string;
  onMegabytes: (value: string) => void;
  /** Why the budget cannot be used, when it cannot. */
  budgetError: string | null;
  running: boolean;
  /** The capture's progress events ("reading 3 of 40"); undefined before the first. */
  progress: RequestProgress | undefined;
  /** The file just saved, or the failure. */
  outcome: { saved: string; size: string } | { error: string } | null;
  onCapture: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/**
 * The Capture dialog of one server: what to capture (the reads made, or every listed resource up
 * to a budget), then a bar and Cancel while it runs, then the file's name. Mounted = open.
 */
export function CaptureDialog(props: CaptureDialogProps) {
  const { serverName, all, megabytes, budgetError, running, progress, outcome } = props;
  const allId = useId();
  const budgetId = useId();
  const hintId = useId();
  return (
    <ModalFrame
      size="sheet"
      title={`Capture ${serverName}`}
      closeLabel="Close capture"
      onClose={props.onClose}
    >
      {(close) => (
        <form
          className="flex flex-col gap-3 px-4 py-3"
          onSubmit={(e) => {
            e.preventDefault();
            props.onCapture();
          }}
        >
          <p id={hintId} className="text-xs text-zinc-600">
            One file with this server&apos;s card, both lists, the reads you made, its traffic and stderr.
            Secret values are replaced by <code className="font-mono">{"${NAME}"}</code> references.
          </p>
          <div className="flex items-center gap-2">
            <input
              id={allId}
              type="checkbox"
              checked={all}
              disabled={running}
              onChange={(e) => props.onAll(e.target.checked)}
              className="size-3.5 accent-sky-600"
            />
            <label htmlFor={allId} className="text-xs font-medium">
              Capture all resources
            </label>
            <label htmlFor={budgetId} className="ml-auto text-xs text-zinc-600">
              up to
            </label>
            <input
              id={budgetId}
              type="number"
              inputMode="decimal"
              min={0}
              max={1024}
              step="any"
              value={megabytes}
              disabled={!all || running}
              aria-invalid={budgetError ? true : undefined}
              aria-describedby={budgetError ? `${budgetId}-error` : undefined}
              onChange={(e) => props.onMegabytes(e.target.value)}
              className="w-16 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-right text-xs tabular-nums focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none disabled:opacity-50"
            />
            <span className="text-xs text-zinc-600" aria-hidden="true">
              MB
            </span>
          </div>
          {budgetError && all && (
            <p id={`${budgetId}-error`} className="text-[11px] text-rose-700">
              {budgetError}
            </p>
          )}
          {running && (
            <div className="flex items-center gap-3 rounded-md border border-sky-200 bg-sky-50/60 px-2.5 py-1.5">
              <ProgressBar label={`Capturing ${serverName}`} progress={progress ?? { message: "starting" }} />
              <Button variant="secondary" size="sm" onClick={props.onCancel} className="shrink-0">
                Cancel
              </Button>
            </div>
          )}
          {outcome && !running && (
            <p
              role={"error" in outcome ? "alert" : "status"}
              className={`text-xs break-words ${"error" in outcome ? "text-rose-700" : "text-emerald-800"}`}
            >
              {"error" in outcome ? (
                outcome.error
              ) : (
                <>
                  Saved <span className="font-mono">{outcome.saved}</span> ({outcome.size}).
                </>
              )}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button variant="primary" type="submit" disabled={running || (all && budgetError !== null)}>
              {running ? "Capturing…" : "Capture"}
            </Button>
          </div>
        </form>
      )}
    </ModalFrame>
  );
}
