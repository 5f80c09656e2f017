import { progressFraction, type RequestProgress } from "@/lib/api/progress";

export interface ProgressBarProps {
  /** What the bar is for, named to assistive technology ("Reading demo://…"). */
  label: string;
  progress: RequestProgress | undefined;
}

/**
 * The server's `notifications/progress` as a bar: determinate when it gave a `total`, otherwise
 * a moving stripe; its message (or a list walk's "page N") beside it, as React text.
 */
export function ProgressBar({ label, progress }: ProgressBarProps) {
  const fraction = progressFraction(progress);
  const percent = fraction === undefined ? undefined : Math.round(fraction * 100);
  const text = progress?.message ?? (progress?.page !== undefined ? `page ${progress.page}` : undefined);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={percent === undefined ? undefined : 0}
        aria-valuemax={percent === undefined ? undefined : 100}
        aria-valuenow={percent}
        aria-valuetext={text ? (percent === undefined ? text : `${percent}% — ${text}`) : undefined}
        className="relative h-1.5 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        {percent === undefined ? (
          <div className="absolute inset-y-0 left-0 w-1/3 animate-pulse rounded-full bg-sky-500/70" />
        ) : (
          <div
            className="h-full rounded-full bg-sky-600 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        )}
      </div>
      {(text || percent !== undefined) && (
        <p className="truncate text-[11px] text-zinc-600" title={text}>
          {percent !== undefined && <span className="mr-1.5 font-medium tabular-nums">{percent}%</span>}
          <span>{text}</span>
        </p>
      )}
    </div>
  );
}
