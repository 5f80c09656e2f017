import { CopyButton } from "@/components/resource-viewer/copy-button";
import type { Mention } from "@/lib/hosts/types";

export interface MentionLineProps {
  mention: Mention;
  /** The backslash-escaped form a user can type instead, when escaping is what fixes it. */
  escaped?: string | undefined;
  /** False when a note above already says why (with the fact behind it). */
  showWhy?: boolean;
}

/** What a user types to attach the resource in the host's prompt, and whether it works as typed. */
export function MentionLine({ mention, escaped, showWhy = true }: MentionLineProps) {
  return (
    <div className="flex flex-col gap-1 text-[11px]" aria-label="Mention" role="group">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-zinc-500">Mention</span>
        <span
          className={`rounded-full px-1.5 py-px text-[10px] font-semibold ring-1 ring-inset ${
            mention.works
              ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
              : "bg-rose-50 text-rose-800 ring-rose-200"
          }`}
        >
          {mention.works ? "works" : "does not work"}
        </span>
        <code
          className={`rounded px-1 font-mono break-all ${
            mention.works ? "bg-zinc-100 text-zinc-900" : "bg-rose-50 text-rose-800"
          }`}
        >
          {mention.text}
        </code>
        <CopyButton text={mention.text} label="Copy mention" />
      </div>
      {showWhy && mention.why && (
        <p className={mention.works ? "text-zinc-600" : "text-rose-800"} data-mention-why>
          {mention.why}
        </p>
      )}
      {!mention.works && escaped !== undefined && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-zinc-500">Escaped</span>
          <code className="rounded bg-zinc-100 px-1 font-mono break-all text-zinc-900">{escaped}</code>
          <CopyButton text={escaped} label="Copy escaped mention" />
        </div>
      )}
    </div>
  );
}
