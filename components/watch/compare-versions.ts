import type { ContentDigest, ReadResponse, WatchVersionInfo } from "@/lib/api/contract";

type ContentEntry = ReadResponse["contents"][number];

/** One content item (by position) of two versions, with what kind of comparison fits it. */
export type ItemChange =
  | { kind: "same"; index: number; uri: string; digest: ContentDigest | undefined }
  /** Both versions have text here: a line or JSON diff. */
  | { kind: "text"; index: number; uri: string; before: string; after: string }
  /** Bytes on at least one side: size and sha256 before/after. */
  | {
      kind: "bytes";
      index: number;
      uri: string;
      before: ContentDigest | undefined;
      after: ContentDigest | undefined;
    }
  | { kind: "added" | "removed"; index: number; uri: string; digest: ContentDigest | undefined };

export interface VersionWithResult extends WatchVersionInfo {
  result: ReadResponse;
}

function textOf(item: ContentEntry): string | null {
  return "text" in item && typeof item.text === "string" ? item.text : null;
}

/** Pairs the content items of two versions by position and says how each pair changed. */
export function compareVersions(before: VersionWithResult, after: VersionWithResult): ItemChange[] {
  const count = Math.max(before.result.contents.length, after.result.contents.length);
  const changes: ItemChange[] = [];
  for (let index = 0; index < count; index += 1) {
    const a = before.result.contents[index];
    const b = after.result.contents[index];
    const da = before.digests[index];
    const db = after.digests[index];
    const uri = b?.uri ?? a?.uri ?? "";
    if (!a) {
      changes.push({ kind: "added", index, uri, digest: db });
      continue;
    }
    if (!b) {
      changes.push({ kind: "removed", index, uri, digest: da });
      continue;
    }
    const ta = textOf(a);
    const tb = textOf(b);
    if (ta !== null && tb !== null) {
      if (ta === tb && a.uri === b.uri) changes.push({ kind: "same", index, uri, digest: db });
      else changes.push({ kind: "text", index, uri, before: ta, after: tb });
      continue;
    }
    if (da && db && da.sha256 === db.sha256 && da.isBlob === db.isBlob) {
      changes.push({ kind: "same", index, uri, digest: db });
    } else {
      changes.push({ kind: "bytes", index, uri, before: da, after: db });
    }
  }
  return changes;
}
