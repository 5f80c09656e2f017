"use client";

import { ContentBody } from "@/components/renderers/content-body";
import type { ContentEntry } from "@/components/renderers/content-entry";
import { JsonBlock } from "@/components/ui/json-block";
import { classifyContent, formatBytes } from "@/lib/content-kind";

export type { ContentEntry };

export interface ContentItemProps {
  sessionId: string;
  readUri: string;
  index: number;
  item: ContentEntry;
  /** The mimeType the resource list declared; the item's own wins when it has one. */
  listedMimeType: string | undefined;
  /** Label with the item's own URI (when a read returned several contents). */
  showUri: boolean;
  /** How many items the read returned, and their total bytes: for the listed-size check. */
  itemCount?: number;
  readByteLength?: number;
}

/** One entry of a read result: a header (uri, mime, size) and the body its kind calls for. */
export function ContentItem({
  sessionId,
  readUri,
  index,
  item,
  listedMimeType,
  showUri,
  itemCount,
  readByteLength,
}: ContentItemProps) {
  const classified = classifyContent(item, listedMimeType);
  const size = `${formatBytes(classified.byteLength)} (${classified.byteLength.toLocaleString("en")} bytes)`;
  // The body (renderer, warnings, copy and download) is components/renderers/'s dispatcher.
  const body = (
    <ContentBody
      sessionId={sessionId}
      readUri={readUri}
      index={index}
      item={item}
      listedMimeType={listedMimeType}
      itemCount={itemCount ?? 1}
      readByteLength={readByteLength}
    />
  );

  return (
    <article
      aria-label={showUri ? `Content ${index + 1}: ${item.uri}` : `Content ${index + 1}`}
      className="overflow-hidden rounded-md border border-zinc-200 bg-white"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px]">
        {showUri && <span className="min-w-0 font-mono break-all text-zinc-800">{item.uri}</span>}
        <span className="rounded bg-zinc-200/70 px-1.5 py-px font-mono text-zinc-700">
          {classified.mimeType}
        </span>
        <span className="text-zinc-500">{size}</span>
        {classified.isBlob && <span className="text-zinc-400">base64 blob</span>}
      </header>
      {body}
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
