"use client";

import { useId, useState } from "react";
import type { HeaderRow } from "@/lib/launch/url-launch";

export interface HeaderEditorProps {
  rows: readonly HeaderRow[];
  /** Why a row cannot be sent, by row id. */
  errors: ReadonlyMap<number, string>;
  disabled: boolean;
  onChange: (rows: HeaderRow[]) => void;
}

const input =
  "min-w-0 rounded border bg-white px-1.5 py-0.5 font-mono text-xs leading-4 focus:ring-2 focus:outline-none";
const small =
  "shrink-0 rounded px-1 text-[11px] text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 disabled:opacity-40";

/**
 * Name + value rows for the headers sent with every request to the server. Values are masked (a
 * password field) until the user asks to see one; they go to the backend only, which never shows
 * them again.
 */
export function HeaderEditor({ rows, errors, disabled, onChange }: HeaderEditorProps) {
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const update = (id: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const add = () =>
    onChange([...rows, { id: Math.max(0, ...rows.map((r) => r.id)) + 1, name: "", value: "" }]);
  const toggle = (id: number) =>
    setShown((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="mb-0.5 text-[11px] font-medium text-zinc-600">
        Headers <span className="font-normal text-zinc-500">({rows.filter((r) => r.name).length})</span>
      </legend>
      {rows.length > 0 && (
        <ul className="flex flex-col gap-1">
          {rows.map((row, i) => {
            const error = errors.get(row.id);
            const errorId = `${baseId}-error-${row.id}`;
            const visible = shown.has(row.id);
            const label = row.name || `header ${i + 1}`;
            return (
              <li key={row.id} className="flex flex-col gap-0.5">
                <div className="flex items-center gap-1">
                  <input
                    aria-label={`Header ${i + 1} name`}
                    value={row.name}
                    placeholder="X-Api-Key"
                    spellCheck={false}
                    autoCapitalize="off"
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(e) => update(row.id, { name: e.target.value })}
                    className={`${input} w-[42%] ${error ? "border-rose-400" : "border-zinc-300"}`}
                  />
                  <input
                    aria-label={`Value of ${label}`}
                    type={visible ? "text" : "password"}
                    value={row.value}
                    placeholder="value"
                    spellCheck={false}
                    autoCapitalize="off"
                    autoComplete="off"
                    data-1p-ignore
                    onChange={(e) => update(row.id, { value: e.target.value })}
                    className={`${input} flex-1 border-zinc-300`}
                  />
                  <button
                    type="button"
                    aria-pressed={visible}
                    aria-label={`${visible ? "Hide" : "Show"} value of ${label}`}
                    onClick={() => toggle(row.id)}
                    className={small}
                  >
                    {visible ? "hide" : "show"}
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${label}`}
                    title="Remove this header"
                    onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                    className={small}
                  >
                    ✕
                  </button>
                </div>
                {error && (
                  <p id={errorId} className="text-[11px] text-rose-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" onClick={add} className={`${small} self-start`}>
        + Add header
      </button>
    </fieldset>
  );
}
