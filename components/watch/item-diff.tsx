"use client";

import { useMemo, useState } from "react";
import { diffText, tryDiffJsonText } from "@/lib/json/diff";
import { formatBytes } from "@/lib/content/content-kind";
import type { ItemChange } from "./compare-versions";
import { DigestTable } from "./digest-table";
import { JsonDiffTable } from "./json-diff-table";
import { LineDiffTable } from "./line-diff-table";

export interface ItemDiffProps {
  change: ItemChange;
  /** Name the item's URI (a read with several contents). */
  showUri: boolean;
}

/** What changed in one content item between two versions. */
export function ItemDiff({ change, showUri }: ItemDiffProps) {
  const title = showUri ? `Content ${change.index + 1}: ${change.uri}` : `Content ${change.index + 1}`;
  return (
    <section aria-label={`Changes in ${title}`} className="overflow-hidden rounded-md border border-zinc-200">
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px]">
        <span className="font-medium text-zinc-700">{title}</span>
        {change.kind === "text" && <TextSummary before={change.before} after={change.after} />}
      </header>
      {change.kind === "text" ? (
        <TextDiff before={change.before} after={change.after} label={`Line changes in ${title}`} />
      ) : change.kind === "bytes" ? (
        <DigestTable before={change.before} after={change.after} label={`Bytes of ${title}`} />
      ) : change.kind === "same" ? (
        <p className="px-3 py-2 text-xs text-zinc-500">
          Unchanged{change.digest ? ` (${formatBytes(change.digest.bytes)})` : ""}.
        </p>
      ) : (
        <p className="px-3 py-2 text-xs text-zinc-600">
          This item was {change.kind} in this version
          {change.digest
            ? ` (${formatBytes(change.digest.bytes)}, sha256 ${change.digest.sha256.slice(0, 12)}…)`
            : ""}
          .
        </p>
      )}
    </section>
  );
}

function TextSummary({ before, after }: { before: string; after: string }) {
  const diff = useMemo(() => diffText(before, after), [before, after]);
  return (
    <span className="font-mono text-zinc-500">
      <span className="text-emerald-700">+{diff.added}</span>{" "}
      <span className="text-rose-700">−{diff.removed}</span>
    </span>
  );
}

function TextDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const json = useMemo(() => tryDiffJsonText(before, after), [before, after]);
  const [mode, setMode] = useState<"structure" | "lines">("structure");
  const lines = useMemo(
    () => (json && mode === "structure" ? null : diffText(before, after)),
    [json, mode, before, after],
  );
  return (
    <div>
      {json && (
        <div role="group" aria-label="Diff mode" className="flex gap-1 border-b border-zinc-100 px-3 py-1">
          {(["structure", "lines"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={`rounded px-1.5 py-px text-[11px] ${
                mode === m ? "bg-zinc-800 text-white" : "text-zinc-600 hover:bg-zinc-100"
              }`}
            >
              {m === "structure" ? "JSON structure" : "Lines"}
            </button>
          ))}
        </div>
      )}
      {json && mode === "structure" ? (
        <JsonDiffTable diff={json} label={`JSON ${label.toLowerCase()}`} />
      ) : (
        lines && <LineDiffTable diff={lines} label={label} />
      )}
    </div>
  );
}
