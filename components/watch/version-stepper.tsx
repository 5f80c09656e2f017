import type { WatchVersionInfo } from "@/lib/api/contract";

export interface VersionStepperProps {
  /** Kept versions, oldest first (the backend keeps the last 10). */
  versions: readonly WatchVersionInfo[];
  /** The version shown. */
  current: number;
  onStep: (version: number) => void;
}

const arrow =
  "rounded px-1 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 disabled:opacity-30 disabled:hover:bg-transparent";

/** ◀ v3/7 ▶ : step through the kept versions of a watched resource. */
export function VersionStepper({ versions, current, onStep }: VersionStepperProps) {
  const index = versions.findIndex((v) => v.version === current);
  const latest = versions.at(-1)?.version ?? current;
  const oldest = versions[0]?.version ?? current;
  const previous = index > 0 ? versions[index - 1] : undefined;
  const next = index >= 0 ? versions[index + 1] : undefined;
  const step = (label: string, glyph: string, to: WatchVersionInfo | undefined) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={!to}
      onClick={() => to && onStep(to.version)}
      className={arrow}
    >
      {glyph}
    </button>
  );
  return (
    <span
      role="group"
      aria-label="Versions"
      className="inline-flex items-center gap-0.5 font-mono text-[11px] text-zinc-700"
    >
      {step("Previous version", "◀", previous)}
      <span
        title={`Versions ${oldest}–${latest} are kept (the last ${versions.length})`}
        className="min-w-[3.5rem] text-center tabular-nums"
      >
        v{current}/{latest}
      </span>
      {step("Next version", "▶", next)}
    </span>
  );
}
