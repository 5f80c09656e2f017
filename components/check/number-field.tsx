"use client";

import { useState } from "react";

export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  /** Called with a whole number, or undefined when cleared (if `optional`). */
  onChange: (value: number | undefined) => void;
  optional?: boolean;
  min?: number;
  max?: number;
  suffix?: string;
}

const parse = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** A small whole-number input that can be cleared and retyped without snapping back. */
export function NumberField({ label, value, onChange, optional, min = 0, max, suffix }: NumberFieldProps) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  const parsed = parse(text);
  const invalid =
    text.trim() === "" ? !optional : parsed === null || parsed < min || (max !== undefined && parsed > max);
  return (
    <label className="inline-flex items-center gap-1 text-[11px] text-zinc-600">
      {label}
      <input
        inputMode="numeric"
        value={text}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const next = parse(e.target.value);
          if (e.target.value.trim() === "" && optional) onChange(undefined);
          else if (next !== null) onChange(next);
        }}
        className={`w-20 rounded border bg-white px-1.5 py-0.5 text-right font-mono text-[11px] tabular-nums ${
          invalid ? "border-rose-400" : "border-zinc-300"
        }`}
      />
      {suffix}
    </label>
  );
}
