"use client";

import { useId, useState, type KeyboardEvent } from "react";
import type { TemplateVariable } from "@/lib/resources/uri-template";
import { operatorHint } from "./operator-hint";
import { useCompletions } from "./use-completions";

export interface TemplateFieldProps {
  variable: TemplateVariable;
  value: string;
  onChange: (value: string) => void;
  sessionId: string;
  uriTemplate: string;
  /** The other filled-in arguments, sent as completion context. */
  context: Record<string, string>;
  /** The server declared the completions capability. */
  canComplete: boolean;
}

/**
 * One template variable as a text field; where the server completes arguments, an ARIA 1.2
 * combobox with a listbox of suggestions (Down/Up to move, Enter to pick, Escape to close).
 */
export function TemplateField(props: TemplateFieldProps) {
  const { variable, value, onChange, canComplete } = props;
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const completions = useCompletions({
    sessionId: props.sessionId,
    uriTemplate: props.uriTemplate,
    name: variable.name,
    value,
    context: props.context,
    enabled: canComplete && focused,
  });
  const options = (completions.data?.values ?? []).filter((v) => v !== value || value === "");
  const expanded = canComplete && open && focused && options.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (next: string) => {
    onChange(next);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!canComplete) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === "Enter" && expanded && active >= 0 && options[active] !== undefined) {
      event.preventDefault(); // pick, don't submit
      pick(options[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex flex-col gap-0.5">
      <label htmlFor={id} className="font-mono text-[11px] font-medium text-zinc-700">
        {variable.name}
      </label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        spellCheck={false}
        role={canComplete ? "combobox" : undefined}
        aria-autocomplete={canComplete ? "list" : undefined}
        aria-expanded={canComplete ? expanded : undefined}
        aria-controls={canComplete ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs text-zinc-900 focus:border-sky-500"
      />
      <span id={`${id}-hint`} className="text-[10px] text-zinc-500">
        {operatorHint(variable)}
        {canComplete && completions.isFetching ? " · completing…" : ""}
        {canComplete && completions.isError ? " · no completions (the server refused)" : ""}
      </span>
      {canComplete && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suggestions for ${variable.name}`}
          hidden={!expanded}
          className="scrollbar-thin absolute top-[3.1rem] right-0 left-0 z-20 max-h-48 overflow-auto rounded border border-zinc-300 bg-white py-0.5 shadow-md"
        >
          {options.map((option, i) => (
            <li
              key={option}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep focus in the input: the blur would close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              className={`cursor-pointer truncate px-2 py-0.5 font-mono text-xs ${
                i === active ? "bg-sky-100 text-sky-950" : "text-zinc-800 hover:bg-zinc-100"
              }`}
            >
              {option}
            </li>
          ))}
          {completions.data?.hasMore && (
            <li role="presentation" className="px-2 py-0.5 text-[10px] text-zinc-400">
              more available: keep typing
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
