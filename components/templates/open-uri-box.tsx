"use client";

import { useId, useMemo, useState, type FormEvent } from "react";
import type { ResourceTemplate } from "@/lib/api/contract";
import { matchTemplate, type TemplateValue } from "@/lib/resources/uri-template";
import { displayName } from "@/lib/resources/uri-tree";

export interface TemplateMatch {
  index: number;
  template: ResourceTemplate;
  values: Record<string, TemplateValue>;
}

export interface OpenUriBoxProps {
  templates: readonly ResourceTemplate[];
  onRead: (uri: string) => void;
  /** Open the matching template's form, filled with the values from the URI. */
  onEdit: (match: TemplateMatch) => void;
}

/** Read any URI directly; when it fits a template, say which one and with which values. */
export function OpenUriBox({ templates, onRead, onEdit }: OpenUriBoxProps) {
  const id = useId();
  const [uri, setUri] = useState("");
  const trimmed = uri.trim();
  const matches = useMemo(
    () =>
      trimmed === ""
        ? []
        : templates.flatMap((template, index): TemplateMatch[] => {
            const values = matchTemplate(template.uriTemplate, trimmed);
            return values && Object.keys(values).length > 0 ? [{ index, template, values }] : [];
          }),
    [templates, trimmed],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onRead(trimmed);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1 border-b border-zinc-100 px-3 py-2">
      <label htmlFor={id} className="text-[11px] font-medium text-zinc-700">
        Open URI
      </label>
      <div className="flex gap-1">
        <input
          id={id}
          value={uri}
          onChange={(event) => setUri(event.target.value)}
          placeholder="demo://users/alice/profile"
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs"
        />
        <button
          type="submit"
          disabled={!trimmed}
          className="rounded-md border border-zinc-300 bg-white px-2 text-xs font-medium text-zinc-800 hover:bg-zinc-100 disabled:opacity-50"
        >
          Read
        </button>
      </div>
      {matches.length > 0 && (
        <ul aria-label="Matching templates" className="flex flex-col gap-1 text-[11px]">
          {matches.map((match) => (
            <li
              key={match.index}
              className="rounded border border-sky-100 bg-sky-50/60 px-2 py-1 text-sky-950"
            >
              Matches <span className="font-medium">{displayName(match.template)}</span>:{" "}
              <span className="font-mono break-all">
                {Object.entries(match.values)
                  .map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(",") : String(v)}`)
                  .join(", ")}
              </span>{" "}
              <button
                type="button"
                onClick={() => onRead(trimmed)}
                className="font-medium text-sky-700 hover:underline"
              >
                Read it
              </button>{" "}
              ·{" "}
              <button
                type="button"
                onClick={() => onEdit(match)}
                className="font-medium text-sky-700 hover:underline"
              >
                Edit in form
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
