/**
 * Decide how to render one `resources/read` content item, and size it, without trusting it.
 *
 * Decisions:
 * - The item's own mimeType wins, then the one from the listing, then sniffing: a text item
 *   starting with `{` or `[` that parses as JSON is json; a blob whose first bytes are a PNG,
 *   JPEG, GIF or WebP signature is an image. A declared type is never second-guessed (the server
 *   said so, and the inspector shows what the server said).
 * - Textual types (json, markdown, text) classify the same for text and blob items; a blob is
 *   decoded as UTF-8 by the viewer (`isBlob`). Only blobs of other types are "binary".
 * - "image" means an inline-renderable type: a blob, or SVG sent as text. A text item declared as
 *   another image type (a base64 mistake, say) is shown as text.
 * - Sizes are 1024-based and written with binary units: B, KiB, MiB, GiB, TiB.
 */

export type ContentKind = "json" | "markdown" | "text" | "image" | "binary";

export interface ClassifiedContent {
  kind: ContentKind;
  /** Effective type, lowercased, without parameters (`text/html;profile=mcp-app` → `text/html`). */
  mimeType: string;
  byteLength: number;
  isBlob: boolean;
}

/** Types the browser renders safely through `<img>` (SVG only that way, never inline). */
export const INLINE_IMAGE_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
];

// ASCII whitespace, which atob() ignores (WHATWG forgiving-base64).
const BASE64_WHITESPACE = /[\t\n\f\r ]+/g;

const MARKDOWN_TYPES = new Set(["text/markdown", "text/x-markdown"]);

// Non-`text/*` types whose content is still text a person reads.
const TEXTUAL_APPLICATION_TYPES = new Set([
  "application/xml",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "application/typescript",
  "application/x-typescript",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/x-toml",
  "application/sql",
  "application/graphql",
  "application/x-sh",
  "application/x-shellscript",
  "application/x-ndjson",
  "application/jsonl",
  "application/csv",
  "application/x-tex",
]);

function normalizeMimeType(type: string | undefined): string | undefined {
  const bare = type?.split(";", 1)[0]?.trim().toLowerCase();
  return bare ? bare : undefined;
}

function isJsonType(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

function isTextualType(type: string): boolean {
  return (
    type.startsWith("text/") ||
    isJsonType(type) ||
    type.endsWith("+xml") ||
    TEXTUAL_APPLICATION_TYPES.has(type)
  );
}

function kindOfType(type: string, isBlob: boolean): ContentKind {
  if (isJsonType(type)) return "json";
  if (MARKDOWN_TYPES.has(type)) return "markdown";
  if (isBlob ? INLINE_IMAGE_TYPES.includes(type) : type === "image/svg+xml") return "image";
  if (!isBlob || isTextualType(type)) return "text";
  return "binary";
}

function looksLikeJson(text: string): boolean {
  const first = text.search(/\S/);
  if (first < 0 || (text[first] !== "{" && text[first] !== "[")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const SIGNATURES: readonly { type: string; matches: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/gif", matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  {
    type: "image/webp",
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b.subarray(8), ascii("WEBP")),
  },
];

function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte);
}

function sniffBlobType(blob: string): string | undefined {
  // 16 base64 characters are 12 bytes: enough for every signature above.
  const head = blob.slice(0, 64).replace(BASE64_WHITESPACE, "").slice(0, 16);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(head);
  } catch {
    return undefined;
  }
  return SIGNATURES.find((s) => s.matches(bytes))?.type;
}

export function classifyContent(
  item: { mimeType?: string; text?: string; blob?: string },
  listedMimeType?: string,
): ClassifiedContent {
  const isBlob = typeof item.blob === "string";
  const declared = normalizeMimeType(item.mimeType) ?? normalizeMimeType(listedMimeType);
  if (isBlob) {
    const blob = item.blob ?? "";
    const mimeType = declared ?? sniffBlobType(blob) ?? "application/octet-stream";
    return { kind: kindOfType(mimeType, true), mimeType, byteLength: base64ByteLength(blob), isBlob };
  }
  const text = item.text ?? "";
  const mimeType = declared ?? (looksLikeJson(text) ? "application/json" : "text/plain");
  return { kind: kindOfType(mimeType, false), mimeType, byteLength: contentByteLength(item), isBlob };
}

// Content items are immutable objects from the query cache; their size is asked for by the header,
// the dispatcher and the metadata checks. A 10 MB text costs ~40 ms to measure: once per item.
const byteLengths = new WeakMap<object, number>();

/** Bytes an item stands for: UTF-8 of its text, or the decoded length of its base64 blob (memoized). */
export function contentByteLength(item: { text?: string; blob?: string }): number {
  let n = byteLengths.get(item);
  if (n === undefined) {
    n = typeof item.blob === "string" ? base64ByteLength(item.blob) : utf8ByteLength(item.text ?? "");
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

/** Decoded length of base64 text, computed from its length alone. */
export function base64ByteLength(b64: string): number {
  const compact = /[\t\n\f\r ]/.test(b64) ? b64.replace(BASE64_WHITESPACE, "") : b64;
  let length = compact.length;
  if (compact.endsWith("==")) length -= 2;
  else if (compact.endsWith("=")) length -= 1;
  return Math.floor((length * 3) / 4);
}

/** Whether `atob` accepts the text (padding optional, ASCII whitespace ignored). */
export function isValidBase64(s: string): boolean {
  let compact = s.replace(BASE64_WHITESPACE, "");
  if (compact.length % 4 === 0) compact = compact.replace(/={1,2}$/, "");
  return compact.length % 4 !== 1 && /^[A-Za-z0-9+/]*$/.test(compact);
}

/**
 * Decodes base64 with `atob`, which exists in browsers and Node (no Buffer in lib/).
 * @throws DOMException (InvalidCharacterError) when the text is not base64.
 */
export function decodeBase64(b64: string): Uint8Array {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
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
