export interface ToggleOptionProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled checkbox for a view option ("Wrap lines"). */
export function ToggleOption({ label, checked, onChange }: ToggleOptionProps) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1 text-zinc-700 select-none">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-3 accent-zinc-700"
      />
      {label}
    </label>
  );
}
