"use client";

import { useId } from "react";
import type { EraChoice } from "@/lib/api/contract";

const LABELS: Record<EraChoice, string> = {
  auto: "auto (probe server/discover, else initialize)",
  legacy: "legacy (initialize, up to 2025-11-25)",
  modern: "modern (2026-07-28 only)",
};

/** Which protocol era to speak to the server (issue 15); auto is right unless testing one era. */
export function EraSelect({
  value,
  onChange,
  disabled,
}: {
  value: EraChoice;
  onChange: (era: EraChoice) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-700">
      <label htmlFor={id} className="shrink-0 font-medium">
        Protocol era
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as EraChoice)}
        className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs"
      >
        {(Object.keys(LABELS) as EraChoice[]).map((era) => (
          <option key={era} value={era}>
            {LABELS[era]}
          </option>
        ))}
      </select>
    </p>
  );
}
