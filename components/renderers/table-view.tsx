"use client";

import Papa from "papaparse";
import { useMemo, useState, type ReactNode } from "react";
import { Notice } from "./notice";
import { PlainTextView } from "./plain-text-view";
import { RendererToolbar } from "./renderer-toolbar";
import { ToggleOption } from "./toggle-option";
import { ViewSwitch } from "./view-switch";

/** Rows rendered at first (a real <table>, not virtualized); more on request. */
const PAGE = 500;

export interface TableViewProps {
  text: string;
  delimiter: "," | "\t";
  actions: ReactNode;
}

/** CSV or TSV as a table (papaparse: quoting, embedded newlines), or as the text it is. */
export function TableView({ text, delimiter, actions }: TableViewProps) {
  const [mode, setMode] = useState<"table" | "source">("table");
  const [header, setHeader] = useState(true);
  const [shown, setShown] = useState(PAGE);
  const result = useMemo(
    () => Papa.parse<string[]>(text, { delimiter, skipEmptyLines: "greedy" }),
    [text, delimiter],
  );
  const kind = delimiter === "," ? "CSV" : "TSV";
  const controls = (
    <ViewSwitch
      label={`${kind} view`}
      options={[
        { value: "table", label: "Table" },
        { value: "source", label: "Source" },
      ]}
      value={mode}
      onChange={setMode}
    />
  );
  if (mode === "source")
    return <PlainTextView text={text} actions={actions} controls={controls} label={`${kind} source`} />;

  const rows = result.data;
  const head = header ? rows[0] : undefined;
  const body = header ? rows.slice(1) : rows;
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const ragged = rows.some((r) => r.length !== columns);
  return (
    <div>
      <RendererToolbar actions={actions}>
        {controls}
        <ToggleOption label="First row is a header" checked={header} onChange={setHeader} />
        <span className="text-zinc-500">
          {body.length.toLocaleString("en")} rows × {columns} columns
        </span>
      </RendererToolbar>
      {(result.errors.length > 0 || ragged) && (
        <Notice tone="warning">
          {result.errors.length > 0 &&
            `${result.errors.length} parse ${result.errors.length === 1 ? "problem" : "problems"} (first: ${result.errors[0]?.message ?? ""}, row ${(result.errors[0]?.row ?? 0) + 1}). `}
          {ragged && "Rows have different numbers of fields."}
        </Notice>
      )}
      <div
        className="scrollbar-thin max-h-[70vh] overflow-auto"
        role="region"
        aria-label={`${kind} table`}
        tabIndex={0}
      >
        <table className="min-w-full border-collapse font-mono text-xs">
          {head && (
            <thead className="sticky top-0 bg-zinc-100">
              <tr>
                <th
                  scope="col"
                  className="border-b border-zinc-300 px-2 py-1 text-right font-normal text-zinc-400"
                >
                  #
                </th>
                {Array.from({ length: columns }, (_, c) => (
                  <th
                    key={c}
                    scope="col"
                    className="border-b border-l border-zinc-300 px-2 py-1 text-left font-semibold whitespace-pre"
                  >
                    {head[c] ?? ""}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {body.slice(0, shown).map((row, r) => (
              <tr key={r} className="odd:bg-white even:bg-zinc-50">
                <td className="px-2 py-0.5 text-right text-zinc-400 select-none">{r + 1}</td>
                {Array.from({ length: columns }, (_, c) => (
                  <td key={c} className="border-l border-zinc-200 px-2 py-0.5 whitespace-pre">
                    {row[c] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {body.length > shown && (
        <div className="border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-600">
          Showing {shown.toLocaleString("en")} of {body.length.toLocaleString("en")} rows.{" "}
          <button
            type="button"
            onClick={() => setShown(shown + PAGE * 4)}
            className="font-medium text-sky-700 hover:underline"
          >
            Show more
          </button>
        </div>
      )}
    </div>
  );
}
