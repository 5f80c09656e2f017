"use client";

import { LaunchDetails } from "@/components/connect/launch-details";
import { Button } from "@/components/ui/button";
import { StderrTail } from "@/components/ui/stderr-tail";
import type { StartupFailure } from "@/lib/api/startup";

export interface StartupFailureCardProps {
  failure: StartupFailure;
  retrying: boolean;
  /** Why the last Retry failed, when it did. */
  retryError: string | null;
  onEdit: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}

/**
 * A server named on the command line that did not start (or one the app closed for want of a tab): why, exactly what it runs or contacts
 * (words as the review shows them; env and headers by name), and Edit / Retry.
 */
export function StartupFailureCard({
  failure,
  retrying,
  retryError,
  onEdit,
  onRetry,
  onDismiss,
}: StartupFailureCardProps) {
  const { launch } = failure;
  const names = launch.kind === "http" ? launch.headerNames : launch.envNames;
  const state = failure.closed ? "was closed" : "did not start";
  return (
    <li>
      <article
        aria-label={`${failure.name} ${state}`}
        className="flex flex-col gap-1.5 rounded-md border border-rose-200 bg-rose-50/60 px-2.5 py-2 text-xs"
      >
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 leading-4 font-medium break-words text-zinc-900">{failure.name}</p>
          <span className="shrink-0 rounded bg-rose-100 px-1 text-[10px] font-medium text-rose-800">
            {failure.closed ? "closed" : "did not start"}
          </span>
        </div>
        <p className="break-words whitespace-pre-wrap text-rose-900">{failure.reason}</p>
        <LaunchDetails name={failure.name} launch={launch} withTransport />
        {names.length > 0 && (
          <p className="text-[11px] text-zinc-600">
            {launch.kind === "http" ? "Headers" : "Environment"} (values hidden):{" "}
            <span className="font-mono text-sky-800">{names.join(", ")}</span>
          </p>
        )}
        {failure.stderrTail && <StderrTail lines={failure.stderrTail} summary="stderr tail" />}
        {retryError && (
          <p role="alert" className="break-words text-rose-800">
            Retry failed: {retryError}
          </p>
        )}
        <div className="flex items-center justify-end gap-2">
          <button
            type="button"
            onClick={onDismiss}
            className="mr-auto text-[11px] text-zinc-500 underline-offset-2 hover:text-zinc-800 hover:underline"
            aria-label={`Dismiss ${failure.name}`}
          >
            Dismiss
          </button>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${failure.name}`}>
            Edit
          </Button>
          {failure.canRetry && (
            <Button
              variant="primary"
              size="sm"
              onClick={onRetry}
              disabled={retrying}
              aria-label={`Retry ${failure.name}`}
            >
              {retrying ? "Retrying…" : "Retry"}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
