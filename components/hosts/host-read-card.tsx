"use client";

import { useMemo } from "react";
import { escapedMention } from "@/lib/hosts/shared";
import type { HostModel, ReadContent, ReadInput } from "@/lib/hosts/types";
import { LensImageBlock } from "./lens-image-block";
import { LensNotes } from "./lens-notes";
import { LensTextBlock } from "./lens-text-block";
import { MentionLine } from "./mention-line";
import { TokenBudgetBar } from "./token-budget-bar";

export interface HostReadCardProps {
  model: HostModel;
  input: ReadInput;
  expanded: boolean;
  onToggle: () => void;
}

/** One host's header: who it is, which release, and whether its model reads or its user attaches. */
function AudienceBadge({ modelReads }: { modelReads: boolean }) {
  return (
    <span
      className={`rounded-full px-1.5 py-px text-[10px] font-medium ring-1 ring-inset ${
        modelReads ? "bg-sky-50 text-sky-800 ring-sky-200" : "bg-violet-50 text-violet-800 ring-violet-200"
      }`}
    >
      {modelReads ? "model reads it" : "user attaches it"}
    </span>
  );
}

/** What one host makes of the read: computed only while the card is open (a 10 MB text costs). */
function HostReadBody({ model, input }: { model: HostModel; input: ReadInput }) {
  const view = useMemo(() => model.read(input), [model, input]);
  const contents: readonly ReadContent[] = input.contents ?? [];
  // Escaping helps Gemini CLI's parser; a colon in the server name it cannot escape away.
  const escaped =
    view.host === "gemini-cli" && view.mention && !view.mention.works && !input.serverName.includes(":")
      ? escapedMention(view.mention.text)
      : undefined;
  return (
    <div className="flex flex-col gap-2 border-t border-zinc-200 px-2.5 py-2">
      <LensNotes notes={view.notes} />
      {view.mention && (
        <MentionLine
          mention={view.mention}
          escaped={escaped}
          showWhy={!view.notes.some((n) => n.text === view.mention?.why)}
        />
      )}
      {view.tokens && <TokenBudgetBar tokens={view.tokens} />}
      {view.blocks.map((block, i) =>
        block.kind === "text" ? (
          <LensTextBlock key={i} title={block.title} text={block.text} format={block.format} />
        ) : block.kind === "image" ? (
          <LensImageBlock
            key={i}
            title={block.title}
            mimeType={block.mimeType}
            blob={contents[block.contentIndex]?.blob}
          />
        ) : (
          <p key={i} className="text-[11px] text-zinc-500 italic" data-omitted>
            <span className="font-mono not-italic">{block.title}</span>: {block.reason}
          </p>
        ),
      )}
    </div>
  );
}

export function HostReadCard({ model, input, expanded, onToggle }: HostReadCardProps) {
  return (
    <section aria-label={model.label} className="rounded-md border border-zinc-200 bg-white">
      <h3 className="flex flex-wrap items-center gap-2 px-2.5 py-1.5 text-[12px]">
        <button
          type="button"
          aria-expanded={expanded}
          onClick={onToggle}
          className="flex items-center gap-1 font-semibold text-zinc-900 hover:text-sky-800"
        >
          <span aria-hidden="true" className="inline-block w-3 text-zinc-500">
            {expanded ? "▾" : "▸"}
          </span>
          {model.label}
        </button>
        <span className="font-mono text-[11px] text-zinc-500" title={model.describedFrom}>
          {model.version}
        </span>
        <AudienceBadge modelReads={model.modelReads} />
      </h3>
      {expanded && <HostReadBody model={model} input={input} />}
    </section>
  );
}
