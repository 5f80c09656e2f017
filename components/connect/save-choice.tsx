"use client";

/** Whether a confirmed command or URL is kept in the saved servers, and with its values or not. */
export interface SaveChoiceValue {
  save: boolean;
  keepValues: boolean;
}

/**
 * Under a command or URL review (and the import review): "Save to my servers" (off unless the user
 * ticks it: a server tried once should not pile up in the file), and,
 * when it has environment variables or headers, whether their values go into the file (off:
 * they are saved as `${NAME}` references and read from the inspector's environment on reconnect).
 */
export function SaveChoice({
  value,
  onChange,
  valueNames,
  disabled,
}: {
  value: SaveChoiceValue;
  onChange: (next: SaveChoiceValue) => void;
  /** The environment variable or header names the launch has. */
  valueNames: readonly string[];
  disabled: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1 text-xs text-zinc-800" disabled={disabled}>
      <legend className="sr-only">Saving</legend>
      <label className="flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={value.save}
          onChange={(e) => onChange({ ...value, save: e.target.checked })}
        />
        Save to my servers (reconnect in one click after a restart)
      </label>
      {value.save && valueNames.length > 0 && (
        <label className="ml-5 flex items-start gap-1.5 text-zinc-600">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={value.keepValues}
            onChange={(e) => onChange({ ...value, keepValues: e.target.checked })}
          />
          <span>
            Keep the values of {valueNames.join(", ")} in the file (readable only by you); otherwise they are
            saved as <code>{"${NAME}"}</code> and read from the inspector&apos;s environment
          </span>
        </label>
      )}
    </fieldset>
  );
}
