export interface ViewSwitchProps<T extends string> {
  /** Accessible name of the group, e.g. "JSON view". */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A segmented control: toggle buttons in a named group, the current one pressed. */
export function ViewSwitch<T extends string>({ label, options, value, onChange }: ViewSwitchProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex overflow-hidden rounded border border-zinc-300"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`px-2 py-0.5 font-medium not-first:border-l not-first:border-zinc-300 ${
            option.value === value ? "bg-zinc-800 text-white" : "bg-white text-zinc-700 hover:bg-zinc-100"
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
