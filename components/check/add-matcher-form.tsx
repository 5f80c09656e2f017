"use client";

import { useId, useMemo, useState, type FormEvent } from "react";
import { pointerPaths } from "@/lib/check/format";
import type { Matcher } from "@/lib/check/results";
import { Button } from "@/components/ui/button";
import { MatcherTypeSelect } from "./matcher-type-select";

export interface AddMatcherFormProps {
  stepId: string;
  /** An example path for this kind of step. */
  placeholder: string;
  /** The expected value as paths address it: its paths are offered as suggestions. */
  expected: unknown;
  onAdd: (path: string, type: Matcher["type"]) => void;
}

/** Choose how another path is compared; paths of the expected value are suggested. */
export function AddMatcherForm({ stepId, placeholder, expected, onAdd }: AddMatcherFormProps) {
  const listId = useId();
  const [path, setPath] = useState("");
  const [type, setType] = useState<Matcher["type"]>("ignore");
  const [focused, setFocused] = useState(false);
  // Suggestions are computed once the field is used: a long listing has many paths.
  const paths = useMemo(() => (focused ? pointerPaths(expected) : []), [focused, expected]);
  const valid = path === "" || path.startsWith("/");

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!path.trim() || !valid) return;
    onAdd(path.trim(), type);
    setPath("");
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-1.5">
      <input
        aria-label={`Path to add a matcher for in ${stepId}`}
        placeholder={placeholder}
        list={listId}
        value={path}
        spellCheck={false}
        onFocus={() => setFocused(true)}
        onChange={(e) => setPath(e.target.value)}
        aria-invalid={!valid ? true : undefined}
        className={`w-72 max-w-full rounded border bg-white px-1.5 py-0.5 font-mono text-[11px] ${
          valid ? "border-zinc-300" : "border-rose-400"
        }`}
      />
      <datalist id={listId}>
        {paths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <MatcherTypeSelect label={`Matcher type to add in ${stepId}`} value={type} onChange={setType} />
      <Button variant="tool" size="xs" type="submit" disabled={!path.trim() || !valid}>
        Add matcher
      </Button>
      {!valid && <span className="text-[11px] text-rose-700">A path starts with / (JSON Pointer).</span>}
    </form>
  );
}
