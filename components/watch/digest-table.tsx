import type { ContentDigest } from "@/lib/api/contract";
import { formatBytes } from "@/lib/content/content-kind";

export interface DigestTableProps {
  before: ContentDigest | undefined;
  after: ContentDigest | undefined;
  label: string;
  /** What the hash row is (the compare view's blobs carry a short fingerprint, not a sha256). */
  hashLabel?: string;
}

const size = (d: ContentDigest | undefined) =>
  d ? `${formatBytes(d.bytes)} (${d.bytes.toLocaleString("en")} bytes)` : "—";

/** Bytes compared by size and sha256 (blobs are not diffed line by line). */
export function DigestTable({ before, after, label, hashLabel = "sha256" }: DigestTableProps) {
  const same = before && after && before.sha256 === after.sha256;
  return (
    <table aria-label={label} className="w-full border-collapse text-xs">
      <thead className="bg-zinc-50 text-left text-[11px] text-zinc-500">
        <tr>
          <th className="w-20 px-3 py-1 font-medium" />
          <th className="px-2 py-1 font-medium">Before</th>
          <th className="px-2 py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-t border-zinc-100 align-top">
          <th scope="row" className="px-3 py-1 text-left font-medium text-zinc-500">
            size
          </th>
          <td className="px-2 py-1">{size(before)}</td>
          <td className="px-2 py-1">{size(after)}</td>
        </tr>
        <tr className="border-t border-zinc-100 align-top">
          <th scope="row" className="px-3 py-1 text-left font-medium text-zinc-500">
            {hashLabel}
          </th>
          <td className="px-2 py-1 font-mono text-[11px] break-all">{before?.sha256 ?? "—"}</td>
          <td className={`px-2 py-1 font-mono text-[11px] break-all ${same ? "" : "text-amber-900"}`}>
            {after?.sha256 ?? "—"}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
