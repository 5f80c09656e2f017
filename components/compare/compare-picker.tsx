"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { CompareBody, SessionSummary } from "@/lib/api/contract";

export interface ComparePickerProps {
  sessions: readonly SessionSummary[];
  initialBefore: string | null;
  busy: boolean;
  onCompare: (body: CompareBody) => void;
}

const FIELD =
  "rounded border border-zinc-300 bg-white px-2 py-1 text-xs focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none";

/** An opened capture file (a replay session) is marked in the pickers. */
export function sideLabel(s: SessionSummary): string {
  const capture = s.capture !== undefined;
  return `${s.name}${capture ? " (capture)" : s.status === "connected" ? "" : ` (${s.status})`}`;
}

/** The two sides, the pointers to ignore (one a line) and "read every resource"; Compare runs it. */
export function ComparePicker({ sessions, initialBefore, busy, onCompare }: ComparePickerProps) {
  const first = sessions.find((s) => s.id === initialBefore) ?? sessions[0];
  const [before, setBefore] = useState(first?.id ?? "");
  const [after, setAfter] = useState(sessions.find((s) => s.id !== first?.id)?.id ?? first?.id ?? "");
  const [ignore, setIgnore] = useState("");
  const [all, setAll] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pointers = ignore
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    onCompare({
      before,
      after,
      ...(pointers.length ? { ignore: pointers } : {}),
      ...(all ? { all: true } : {}),
    });
  };
  const side = (label: string, value: string, set: (v: string) => void, suffix: string) => (
    <label
      htmlFor={`${id}-${suffix}`}
      className="flex flex-col gap-0.5 text-[11px] font-medium text-zinc-700"
    >
      {label}
      <select id={`${id}-${suffix}`} value={value} onChange={(e) => set(e.target.value)} className={FIELD}>
        {sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {sideLabel(s)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form onSubmit={submit} aria-label="Compare two servers" className="flex flex-wrap items-end gap-3">
      {side("Before", before, setBefore, "before")}
      <span aria-hidden className="pb-1 text-zinc-400">
        →
      </span>
      {side("After", after, setAfter, "after")}
      <label
        htmlFor={`${id}-ignore`}
        className="flex min-w-64 flex-1 flex-col gap-0.5 text-[11px] font-medium text-zinc-700"
      >
        Ignore (JSON Pointers, one a line; * is any one step)
        <textarea
          id={`${id}-ignore`}
          value={ignore}
          onChange={(e) => setIgnore(e.target.value)}
          rows={2}
          spellCheck={false}
          placeholder="/resources/*/annotations/lastModified"
          className={`${FIELD} font-mono`}
        />
      </label>
      <label className="flex items-center gap-1 pb-1 text-[11px] text-zinc-700">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        Read every resource first
      </label>
      <Button variant="primary" type="submit" disabled={busy || !before || !after}>
        {busy ? "Comparing…" : "Compare"}
      </Button>
    </form>
  );
}
