/**
 * How big a `resources/read` content item is, and how to say it. (Which renderer shows an item,
 * and the type the viewer names for it, is lib/content/mime-dispatch.ts's one decision.)
 *
 * Sizes are 1024-based and written with binary units: B, KiB, MiB, GiB, TiB.
 */
import { base64ByteLength } from "./base64";

// Content items are immutable objects from the query cache; their size is asked for by the header,
// the dispatcher and the metadata checks. A 10 MB text costs ~40 ms to measure: once per item.
const byteLengths = new WeakMap<object, number>();

/**
 * Bytes an item stands for: the decoded length of its base64 blob, or UTF-8 of its text (memoized).
 * The fields are not trusted: the linter asks about items exactly as a server sent them.
 */
export function contentByteLength(item: { text?: unknown; blob?: unknown }): number {
  let n = byteLengths.get(item);
  if (n === undefined) {
    n =
      typeof item.blob === "string"
        ? base64ByteLength(item.blob)
        : utf8ByteLength(typeof item.text === "string" ? item.text : "");
    byteLengths.set(item, n);
  }
  return n;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** UTF-8 length of a string, as TextEncoder would encode it, without allocating the bytes. */
export function utf8ByteLength(text: string): number {
  // Most text is ASCII: one native regex scan (~5 ms for 10 MB) beats the loop below by ~10x.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 3; // includes a lone surrogate, which TextEncoder writes as U+FFFD
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"] as const;

/** "0 B", "512 B", "1.2 KiB", "10 MiB": one decimal below 10, whole numbers above. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) < 1024) return `${n} B`;
  let unit = 0;
  let value = n;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let shown = Math.abs(value) < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // Rounding can reach the next unit: 1023.96 KiB is "1 MiB", not "1024 KiB".
  if (Math.abs(shown) >= 1024 && unit < UNITS.length - 1) {
    shown = Math.sign(shown);
    unit += 1;
  }
  return `${shown} ${UNITS[unit] ?? "B"}`;
}
