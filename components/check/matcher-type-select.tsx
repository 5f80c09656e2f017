import { MATCHER_TYPES } from "@/lib/check/draft";
import type { Matcher } from "@/lib/check/results";

export interface MatcherTypeSelectProps {
  /** Its accessible name: what it chooses the matcher of. */
  label: string;
  value: Matcher["type"];
  onChange: (type: Matcher["type"]) => void;
}

/** Every matcher type by its label. */
export function MatcherTypeSelect({ label, value, onChange }: MatcherTypeSelectProps) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Matcher["type"])}
      className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-[11px]"
    >
      {MATCHER_TYPES.map((t) => (
        <option key={t.type} value={t.type}>
          {t.label}
        </option>
      ))}
    </select>
  );
}
