import type { LaunchWarning } from "@/lib/launch/launch-warnings";

const LEVEL = {
  danger: { label: "Danger", className: "border-rose-500 bg-rose-50 text-rose-950", tag: "text-rose-700" },
  caution: {
    label: "Caution",
    className: "border-amber-500 bg-amber-100/70 text-amber-950",
    tag: "text-amber-800",
  },
} as const;

export interface LaunchWarningListProps {
  /** Lets the run button point at the warnings (`aria-describedby`). */
  id: string;
  warnings: readonly LaunchWarning[];
}

/**
 * What to read carefully before running, most severe first. An alert, so a screen reader hears it
 * when the review opens; it informs and never blocks, as the review's run button stays enabled.
 */
export function LaunchWarningList({ id, warnings }: LaunchWarningListProps) {
  if (warnings.length === 0) return null;
  return (
    <div id={id} role="alert" className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-zinc-900">
        Check before you run ({warnings.length} {warnings.length === 1 ? "warning" : "warnings"})
      </h3>
      <ul className="flex flex-col gap-1">
        {warnings.map((warning) => {
          const level = LEVEL[warning.level];
          return (
            <li
              key={warning.message}
              className={`rounded-r border-l-4 px-2 py-1 text-xs leading-4 break-words ${level.className}`}
            >
              <span className={`text-[10px] font-bold tracking-wide uppercase ${level.tag}`}>
                {level.label}:
              </span>{" "}
              {warning.message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
