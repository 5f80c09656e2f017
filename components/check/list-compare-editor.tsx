import type { ListCompareEdit } from "@/lib/check/draft";
import { NumberField } from "./number-field";

interface CountRange {
  min?: number;
  max?: number;
}

export interface ListCompareEditorProps {
  stepId: string;
  compare: { ordered: boolean; containsAtLeast: boolean; count?: CountRange };
  onChange: (edit: ListCompareEdit) => void;
}

const defined = (range: CountRange): CountRange => ({
  ...(range.min !== undefined ? { min: range.min } : {}),
  ...(range.max !== undefined ? { max: range.max } : {}),
});

/** How a listing is compared: as a set or in order, exactly or "contains at least", a count range. */
export function ListCompareEditor({ stepId, compare, onChange }: ListCompareEditorProps) {
  const count = compare.count ?? {};
  const setCount = (next: CountRange) => {
    const range = defined(next);
    onChange({ count: Object.keys(range).length === 0 ? null : range });
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[11px] text-zinc-700">
      <label className="inline-flex items-center gap-1">
        <input
          type="checkbox"
          checked={compare.ordered}
          onChange={(e) => onChange({ ordered: e.target.checked })}
        />
        ordered (else a set keyed by uri)
      </label>
      <label className="inline-flex items-center gap-1">
        <input
          type="checkbox"
          checked={compare.containsAtLeast}
          onChange={(e) => onChange({ containsAtLeast: e.target.checked })}
        />
        contains at least (extra items are fine)
      </label>
      <span
        className="inline-flex items-center gap-2"
        role="group"
        aria-label={`Item count range of ${stepId}`}
      >
        <NumberField
          label="count from"
          optional
          value={count.min}
          onChange={(min) => setCount({ ...count, min })}
        />
        <NumberField label="to" optional value={count.max} onChange={(max) => setCount({ ...count, max })} />
      </span>
    </div>
  );
}
