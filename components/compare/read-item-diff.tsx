import { JsonDiffTable } from "@/components/watch/json-diff-table";
import { LineDiffTable } from "@/components/watch/line-diff-table";
import { DigestTable } from "@/components/watch/digest-table";
import type { BlobFacts, ItemDiff } from "@/lib/capture/compare";
import { formatBytes } from "@/lib/content/content-kind";
import { joinPointer } from "@/lib/json/json-pointer";
import { mismatchRows } from "./compare-rows";

/** A blob's facts in the watch view's digest table (its fingerprint in the hash row). */
const digest = (uri: string, f: BlobFacts) => ({
  uri,
  bytes: f.bytes,
  sha256: f.fingerprint,
  isBlob: true,
  ...(f.mimeType !== undefined ? { mimeType: f.mimeType } : {}),
});

function describeItem(item: { text?: string; blob?: string; mimeType?: string }): string {
  const kind = item.mimeType ?? ("blob" in item ? "binary" : "text");
  const size =
    typeof item.text === "string"
      ? `${item.text.length.toLocaleString("en")} characters`
      : typeof item.blob === "string"
        ? "base64 content"
        : "no body";
  return `${kind}, ${size}`;
}

/** How one content item of a resource read on both sides differs: lines, JSON pointers or bytes. */
export function ReadItemDiff({ uri, change }: { uri: string; change: ItemDiff }) {
  const title = `Content ${change.index + 1}`;
  return (
    <section
      aria-label={`${title} of ${uri}`}
      className="overflow-hidden rounded-md border border-zinc-200 bg-white"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-[11px]">
        <span className="font-medium text-zinc-700">{title}</span>
        <span className="text-zinc-500">{HEADINGS[change.kind]}</span>
        {change.kind === "text" && (
          <span className="font-mono text-zinc-500">
            <span className="text-emerald-700">+{change.lines.added}</span>{" "}
            <span className="text-rose-700">−{change.lines.removed}</span>
          </span>
        )}
      </header>
      {change.kind === "text" ? (
        <LineDiffTable diff={change.lines} label={`Line changes in ${title} of ${uri}`} />
      ) : change.kind === "json" ? (
        <JsonDiffTable diff={mismatchRows(change.changes, change.path)} label={`JSON changes in ${title}`} />
      ) : change.kind === "fields" ? (
        <JsonDiffTable
          diff={mismatchRows(change.fields, pathOf(uri, change.index))}
          label={`Fields of ${title}`}
        />
      ) : change.kind === "binary" ? (
        <>
          <DigestTable
            before={digest(uri, change.before)}
            after={digest(uri, change.after)}
            label={`Bytes of ${title}`}
            hashLabel="fingerprint"
          />
          <p className="px-3 py-1 text-[11px] text-zinc-500">
            {change.before.bytes === change.after.bytes
              ? `Same size (${formatBytes(change.before.bytes)}), different bytes.`
              : `${formatBytes(change.before.bytes)} → ${formatBytes(change.after.bytes)}.`}
          </p>
        </>
      ) : (
        <p className="px-3 py-2 text-xs text-zinc-600">
          {change.kind === "added"
            ? `Only the after side returned this item (${describeItem(change.after)}).`
            : `Only the before side returned this item (${describeItem(change.before)}).`}
        </p>
      )}
    </section>
  );
}

const HEADINGS: Record<ItemDiff["kind"], string> = {
  text: "text, by line",
  json: "JSON, by pointer",
  binary: "binary, by size and fingerprint",
  fields: "fields beside the body",
  added: "added",
  removed: "removed",
};

/** The pointer a content item's fields sit under (lib/capture/compare.ts). */
function pathOf(uri: string, index: number): string {
  return `${joinPointer("/reads", uri)}/contents/${index}`;
}
