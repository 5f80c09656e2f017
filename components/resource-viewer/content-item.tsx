"use client";

import { JsonBlock } from "@/components/ui/json-block";
import type { ReadResponse } from "@/lib/contract";
import { classifyContent, formatBytes } from "@/lib/content-kind";
import { BinaryBody } from "./binary-body";
import { decodeBase64Text } from "./decode";
import { ImageBody } from "./image-body";
import { TextBody } from "./text-body";
import { useDownloadContent } from "./use-download-content";

export type ContentEntry = ReadResponse["contents"][number];

export interface ContentItemProps {
  sessionId: string;
  readUri: string;
  index: number;
  item: ContentEntry;
  /** The mimeType the resource list declared; the item's own wins when it has one. */
  listedMimeType: string | undefined;
  /** Label with the item's own URI (when a read returned several contents). */
  showUri: boolean;
}

/** One entry of a read result: a header (uri, mime, size) and the body its kind calls for. */
export function ContentItem({ sessionId, readUri, index, item, listedMimeType, showUri }: ContentItemProps) {
  const classified = classifyContent(item, listedMimeType);
  const download = useDownloadContent(sessionId, readUri, index);
  const size = `${formatBytes(classified.byteLength)} (${classified.byteLength.toLocaleString("en")} bytes)`;
  const text = (): string =>
    "text" in item && typeof item.text === "string"
      ? item.text
      : "blob" in item && typeof item.blob === "string"
        ? (decodeBase64Text(item.blob) ?? "(the blob is not valid base64)")
        : "";

  let body;
  switch (classified.kind) {
    case "json":
    case "markdown":
    case "text":
      body = <TextBody text={text()} json={classified.kind === "json"} />;
      break;
    case "image":
      body = (
        <>
          <ImageBody sessionId={sessionId} readUri={readUri} index={index} alt={item.uri} />
          {!classified.isBlob && (
            // SVG sent as text: the markup is worth reading too, as text.
            <details className="border-t border-zinc-200">
              <summary className="cursor-pointer px-3 py-1.5 text-[11px] text-zinc-600">Source</summary>
              <TextBody text={text()} json={false} />
            </details>
          )}
        </>
      );
      break;
    case "binary":
      body = (
        <BinaryBody
          mimeType={classified.mimeType}
          size={formatBytes(classified.byteLength)}
          downloading={download.isPending}
          downloadError={download.isError ? download.error.message : null}
          onDownload={() => download.mutate()}
        />
      );
      break;
  }

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
