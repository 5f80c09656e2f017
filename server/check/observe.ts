import "server-only";
import { createHash } from "node:crypto";
import type { ReadResponse } from "@/lib/api/contract";

/** Blobs up to this size keep their bytes in the check file; larger ones only sha256 + size. */
export const STORE_BLOB_BYTES_UNDER = 4 * 1024;
/**
 * Texts up to this many characters are kept whole; longer ones as sha256 + length, still compared
 * exactly (a recording of ten 10 MB reads held 100 MB of text, and wrote it into the check file).
 */
export const STORE_TEXT_CHARS_UNDER = 256 * 1024;

export interface ObservedContent {
  uri: string;
  mimeType?: string;
  text?: string;
  textDigest?: { sha256: string; length: number };
  blob?: { sha256: string; size: number; base64?: string };
  _meta?: Record<string, unknown>;
}

/** A read result as a check observes it: blobs by digest, size and (when small) bytes. */
export function observeRead(
  result: ReadResponse,
  storeBlobsUnder = STORE_BLOB_BYTES_UNDER,
  /** Keep item i's text whole however long (the expectation being compared has it whole). */
  wholeText: (i: number) => boolean = () => false,
): { contents: ObservedContent[] } {
  return {
    contents: result.contents.map((c, i) => {
      const out: ObservedContent = { uri: c.uri };
      if (c.mimeType !== undefined) out.mimeType = c.mimeType;
      if ("blob" in c && typeof c.blob === "string") {
        const bytes = Buffer.from(c.blob, "base64");
        out.blob = {
          sha256: createHash("sha256").update(bytes).digest("hex"),
          size: bytes.byteLength,
          ...(bytes.byteLength < storeBlobsUnder ? { base64: c.blob } : {}),
        };
      } else if ("text" in c && typeof c.text === "string") {
        if (c.text.length < STORE_TEXT_CHARS_UNDER || wholeText(i)) out.text = c.text;
        else
          out.textDigest = {
            sha256: createHash("sha256").update(c.text, "utf8").digest("hex"),
            length: c.text.length,
          };
      }
      if (c._meta) out._meta = c._meta;
      return out;
    }),
  };
}

/** Stored bytes are an optional extra: compare them only when the expectation has them. */
export function alignBlobBytes(
  expected: { contents: ObservedContent[] },
  actual: { contents: ObservedContent[] },
) {
  return {
    contents: actual.contents.map((c, i) => {
      const e = expected.contents[i];
      if (c.blob && e?.blob && e.blob.base64 === undefined) {
        const { base64: _drop, ...rest } = c.blob;
        return { ...c, blob: rest };
      }
      return c;
    }),
  };
}

/**
 * A replayed read observed the way its expectation was written: a text the expectation holds
 * whole (a check file from before digests, or written by hand) is kept whole to compare.
 */
export function observeLike(
  expected: { contents?: readonly { text?: string }[] } | undefined,
  result: ReadResponse,
): { contents: ObservedContent[] } {
  return observeRead(
    result,
    STORE_BLOB_BYTES_UNDER,
    (i) => typeof expected?.contents?.[i]?.text === "string",
  );
}
