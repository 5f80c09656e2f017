import type { ListedFacts } from "@/components/renderers/content-entry";
import type { ContentDigest, ReadResponse } from "@/lib/api/contract";
import { contentByteLength, formatBytes } from "@/lib/content/content-kind";
import { ContentItem } from "./content-item";

export interface ContentListProps {
  sessionId: string;
  uri: string;
  contents: ReadResponse["contents"];
  listed: ListedFacts | undefined;
  /**
   * Digests of an older kept version: its text items are shown as they were, its blobs by size
   * and sha256 (the content route serves only the latest bytes).
   */
  historicalDigests?: readonly ContentDigest[];
}

/** Every content item of one read result (or kept version). */
export function ContentList({ sessionId, uri, contents, listed, historicalDigests }: ContentListProps) {
  if (contents.length === 0) {
    return <p className="text-xs text-zinc-500">The server returned no contents for this resource.</p>;
  }
  const readByteLength = contents.reduce((sum, item) => sum + contentByteLength(item), 0);
  return contents.map((item, index) => {
    const digest = historicalDigests?.[index];
    if (historicalDigests && "blob" in item) {
      return (
        <p
          key={index}
          className="rounded-md border border-dashed border-zinc-300 px-3 py-2 font-mono text-[11px] break-all text-zinc-600"
        >
          Content {index + 1} ({item.mimeType ?? "blob"}): {digest ? formatBytes(digest.bytes) : "?"}, sha256{" "}
          {digest?.sha256 ?? "?"}
        </p>
      );
    }
    return (
      <ContentItem
        key={index}
        sessionId={sessionId}
        readUri={uri}
        index={index}
        item={item}
        listed={listed}
        showUri={contents.length > 1 || item.uri !== uri}
        itemCount={contents.length}
        readByteLength={readByteLength}
      />
    );
  });
}
