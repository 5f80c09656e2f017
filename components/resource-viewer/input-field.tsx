import type { InputField as Field } from "@/lib/api/input-required";

const BOX = "rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs";

export interface InputFieldProps {
  field: Field;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
}

/** One field of a server's input request, as its requestedSchema types it. */
export function InputField({ field, value, onChange }: InputFieldProps) {
  const label = (
    <span className="font-medium text-zinc-800">
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
    </span>
  );
  const hint = [field.description, field.format].filter(Boolean).join(" · ");
  const help = hint ? <span className="text-[11px] text-zinc-500">{hint}</span> : null;
  if (field.kind === "boolean")
    return (
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {label}
        {help}
      </label>
    );
  const text = typeof value === "string" ? value : "";
  return (
    <label className="flex flex-col gap-0.5 text-xs">
      {label}
      {field.kind === "enum" ? (
        <select
          className={BOX}
          value={text}
          required={field.required}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{field.required ? "Choose…" : "(none)"}</option>
          {field.options!.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          className={BOX}
          type={field.kind === "string" ? "text" : "number"}
          step={field.kind === "integer" ? 1 : "any"}
          value={text}
          required={field.required}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {help}
    </label>
  );
}
