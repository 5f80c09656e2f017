"use client";

import { useDownloadContent } from "@/components/resource-viewer/use-download-content";
import type { ContentEntry } from "./content-entry";
import { CopyAction } from "./copy-action";

export interface ContentActionsProps {
  sessionId: string;
  readUri: string;
  index: number;
  item: ContentEntry;
  /** The item as text (text items and textual blobs); null when it is binary. */
  getText: (() => string) | null;
}

/** Copy (text, URI, JSON) and Download, the same for every content item. */
export function ContentActions({ sessionId, readUri, index, item, getText }: ContentActionsProps) {
  const download = useDownloadContent(sessionId, readUri, index);
  return (
    <>
      {getText && <CopyAction label="Copy text" getText={getText} />}
      <CopyAction label="Copy URI" getText={() => item.uri} />
      <CopyAction label="Copy JSON" getText={() => JSON.stringify(item, null, 2)} />
      <button
        type="button"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-50"
      >
        {download.isPending ? "Downloading…" : "Download"}
      </button>
      {download.isError && (
        <span role="alert" className="basis-full text-right text-rose-700">
          Download failed: {download.error.message}
        </span>
      )}
    </>
  );
}
