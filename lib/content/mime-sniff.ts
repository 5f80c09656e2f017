/**
 * What a blob's bytes look like, from its first few KB: magic numbers through file-type's
 * browser-compatible core (`fileTypeFromBuffer`), then "is it UTF-8 text?". Evidence 3 of
 * lib/content/mime-dispatch.ts, and the "looks like gzip" line of the binary placeholder.
 */
import { fileTypeFromBuffer } from "file-type/core";

/** How many leading bytes sniffing reads (file-type needs at most a few KB for its signatures). */
export const SNIFF_BYTES = 4096;

export interface SniffResult {
  mimeType: string;
  /** Usual file extension ("gz"); "txt" for text. */
  ext: string;
  /** For people: "gzip", "PNG image", "UTF-8 text". */
  description: string;
}

const DESCRIPTIONS: Record<string, string> = {
  gz: "gzip",
  zip: "ZIP archive",
  tar: "tar archive",
  "7z": "7-Zip archive",
  bz2: "bzip2",
  xz: "xz",
  zst: "Zstandard",
  pdf: "PDF document",
  png: "PNG image",
  jpg: "JPEG image",
  gif: "GIF image",
  webp: "WebP image",
  avif: "AVIF image",
  bmp: "BMP image",
  ico: "icon",
  wav: "WAV audio",
  mp3: "MP3 audio",
  ogg: "Ogg",
  flac: "FLAC audio",
  mp4: "MP4 video",
  webm: "WebM",
  wasm: "WebAssembly module",
  elf: "ELF executable",
  exe: "Windows executable",
  sqlite: "SQLite database",
};

/** UTF-8 without NUL bytes (a truncated last character is fine: we only see a prefix). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The type the first bytes reveal, or undefined when they reveal nothing (empty, or unknown binary). */
export async function sniffBytes(bytes: Uint8Array): Promise<SniffResult | undefined> {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.length === 0) return undefined;
  let found: { ext: string; mime: string } | undefined;
  try {
    found = await fileTypeFromBuffer(head);
  } catch {
    found = undefined; // a truncated container can make a detector throw; that is "unknown"
  }
  if (found) {
    return {
      mimeType: found.mime,
      ext: found.ext,
      description: DESCRIPTIONS[found.ext] ?? found.ext.toUpperCase(),
    };
  }
  if (looksLikeText(head)) return { mimeType: "text/plain", ext: "txt", description: "UTF-8 text" };
  return undefined;
}
