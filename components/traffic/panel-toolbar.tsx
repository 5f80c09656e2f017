import { useId } from "react";

export interface PanelToolbarProps {
  filter: string;
  onFilter: (value: string) => void;
  placeholder: string;
  /** "12 of 340 entries" or similar. */
  count: string;
  exportDisabled: boolean;
  onExport: () => void;
}

/** Filter box, what is shown, and Export JSON: the same bar over every log in the panel. */
export function PanelToolbar({
  filter,
  onFilter,
  placeholder,
  count,
  exportDisabled,
  onExport,
}: PanelToolbarProps) {
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-2 py-1">
      <label htmlFor={id} className="sr-only">
        Filter
      </label>
      <input
        id={id}
        type="search"
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        className="w-64 min-w-0 rounded border border-zinc-300 px-2 py-0.5 font-mono text-[11px] focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none"
      />
      <span className="text-[11px] text-zinc-500 tabular-nums">{count}</span>
      <button
        type="button"
        onClick={onExport}
        disabled={exportDisabled}
        title="Download what is shown as a JSON file"
        className="ml-auto rounded border border-zinc-300 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-40"
      >
        Export JSON
      </button>
    </div>
  );
}
