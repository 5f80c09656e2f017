"use client";

import { useState } from "react";

/** Children shown at first under one object or array; more on request. */
const PAGE = 200;

export interface JsonNodeProps {
  /** Key in the parent object, index in the parent array, or null for the root. */
  name: string | number | null;
  value: unknown;
  depth: number;
  /** Nodes at a smaller depth start expanded. */
  openDepth: number;
}

function Key({ name }: { name: string | number | null }) {
  if (name === null) return null;
  return (
    <>
      <span className={typeof name === "number" ? "text-zinc-400" : "text-violet-800"}>
        {typeof name === "number" ? name : JSON.stringify(name)}
      </span>
      <span className="text-zinc-400">: </span>
    </>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === "string")
    return <span className="break-all text-emerald-800">{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className="text-sky-800">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="text-amber-700">{String(value)}</span>;
  return <span className="text-zinc-500">null</span>;
}

/** One value of the JSON tree: a scalar, or an object/array that folds. */
export function JsonNode({ name, value, depth, openDepth }: JsonNodeProps) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  if (value === null || typeof value !== "object") {
    return (
      <li className="pl-4">
        <Key name={name} />
        <Scalar value={value} />
      </li>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | number, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  const [openBrace, closeBrace] = isArray ? ["[", "]"] : ["{", "}"];
  const summary = `${entries.length} ${isArray ? (entries.length === 1 ? "item" : "items") : entries.length === 1 ? "key" : "keys"}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex items-baseline rounded text-left hover:bg-zinc-100"
      >
        <span aria-hidden="true" className={`inline-block w-3.5 text-zinc-400 ${open ? "rotate-90" : ""}`}>
          ▸
        </span>
        <Key name={name} />
        <span className="text-zinc-500">
          {openBrace}
          {!open && (
            <>
              <span className="px-1 text-[11px] text-zinc-400">{summary}</span>
              {closeBrace}
            </>
          )}
        </span>
      </button>
      {open && (
        <>
          <ul className="ml-1.5 border-l border-zinc-200 pl-1.5">
            {entries.slice(0, shown).map(([key, child]) => (
              <JsonNode key={key} name={key} value={child} depth={depth + 1} openDepth={openDepth} />
            ))}
            {entries.length > shown && (
              <li className="pl-4">
                <button
                  type="button"
                  onClick={() => setShown(shown + PAGE * 5)}
                  className="text-[11px] font-medium text-sky-700 hover:underline"
                >
                  Show {Math.min(PAGE * 5, entries.length - shown).toLocaleString("en")} more of{" "}
                  {(entries.length - shown).toLocaleString("en")}
                </button>
              </li>
            )}
          </ul>
          <span className="pl-4 text-zinc-500">{closeBrace}</span>
        </>
      )}
    </li>
  );
}
