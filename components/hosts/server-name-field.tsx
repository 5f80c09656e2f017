"use client";

import { useId } from "react";

export interface ServerNameFieldProps {
  value: string;
  /** The session's own name (a config's key when it was imported): what Reset goes back to. */
  sessionName: string;
  onChange: (name: string) => void;
  onReset: () => void;
}

/** The name the host's config gives the server: hosts put it in front of every URI. Page state only. */
export function ServerNameField({ value, sessionName, onChange, onReset }: ServerNameFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 text-[11px]">
      <label htmlFor={id} className="font-medium text-zinc-700">
        Server name in the host&apos;s config
      </label>
      <input
        id={id}
        type="text"
        value={value}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        className="w-56 rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-mono text-[11px] text-zinc-900"
      />
      {value !== sessionName && (
        <button
          type="button"
          onClick={onReset}
          className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-zinc-700 hover:bg-zinc-100"
        >
          Reset to “{sessionName}”
        </button>
      )}
      <span className="text-zinc-500">Only this page uses it; nothing is sent.</span>
    </div>
  );
}
