"use client";

import { ContentBody, type ContentBodyProps } from "@/components/renderers/content-body";
import { entryBlob, type ContentEntry } from "@/components/renderers/content-entry";
import { useContentDispatch } from "@/components/renderers/use-content-dispatch";
import { JsonBlock } from "@/components/ui/json-block";
import { contentByteLength, formatBytes } from "@/lib/content/content-kind";

export type { ContentEntry };

export interface ContentItemProps extends Omit<ContentBodyProps, "content" | "itemCount"> {
  /** Label with the item's own URI (when a read returned several contents). */
  showUri: boolean;
  /** How many items the read returned (for the listed-size check); 1 unless given. */
  itemCount?: number;
}

/**
 * One entry of a read result: a header (uri, type, size) and the body its type calls for. Header
 * and body show one decision (lib/content/mime-dispatch.ts), so the type named is the type rendered.
 */
export function ContentItem({ showUri, itemCount = 1, ...read }: ContentItemProps) {
  const { index, item } = read;
  const content = useContentDispatch(item, read.listed?.mimeType);
  const byteLength = contentByteLength(item);
  const size = `${formatBytes(byteLength)} (${byteLength.toLocaleString("en")} bytes)`;

  return (
    <article
      aria-label={showUri ? `Content ${index + 1}: ${item.uri}` : `Content ${index + 1}`}
      className="overflow-hidden rounded-md border border-zinc-200 bg-white"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px]">
        {showUri && <span className="min-w-0 font-mono break-all text-zinc-800">{item.uri}</span>}
        {/* Unknown for a moment while an undeclared blob's bytes are sniffed. */}
        {content.dispatch && (
          <span className="rounded bg-zinc-200/70 px-1.5 py-px font-mono text-zinc-700">
            {content.dispatch.mimeType}
          </span>
        )}
        <span className="text-zinc-500">{size}</span>
        {entryBlob(item) !== undefined && <span className="text-zinc-400">base64 blob</span>}
      </header>
      {/* The body (renderer, warnings, copy and download) is components/renderers/'s dispatcher. */}
      <ContentBody {...read} content={content} itemCount={itemCount} />
      {item._meta && (
        <details className="border-t border-zinc-200 px-3 py-1.5">
          <summary className="cursor-pointer text-[11px] text-zinc-600">_meta</summary>
          <div className="mt-1">
            <JsonBlock value={item._meta} />
          </div>
        </details>
      )}
    </article>
  );
}
