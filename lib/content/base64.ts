/**
 * The one base64 module of the app (lib/ has no Buffer): a blob's size, whether it is valid, and
 * its bytes.
 *
 * Decoding is lenient, the way Node's Buffer (the content route) decodes: characters outside the
 * alphabet are skipped and decoding stops at padding, so a blob that is not valid base64 still
 * yields the bytes the download will contain. `isValidBase64` tells the user it was invalid.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i += 1) VALUES[ALPHABET.charCodeAt(i)] = i;
// URL-safe variants decode too, as Buffer's do.
VALUES["-".charCodeAt(0)] = 62;
VALUES["_".charCodeAt(0)] = 63;

/** Decodes at most `maxBytes` bytes (all by default). */
export function decodeBase64Lenient(b64: string, maxBytes = Infinity): Uint8Array<ArrayBuffer> {
  const capacity = Math.min(Math.floor((b64.length * 3) / 4) + 3, maxBytes);
  const out = new Uint8Array(Number.isFinite(capacity) ? capacity : 0);
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < b64.length && n < out.length; i += 1) {
    const code = b64.charCodeAt(i);
    if (code === 61) break; // "=": padding ends the data
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) continue;
    acc = (acc << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n] = (acc >> bits) & 0xff;
      n += 1;
    }
  }
  return out.subarray(0, n);
}

/** The base64 prefix that holds the first `bytes` bytes (for sniffing without decoding it all). */
export function base64Head(b64: string, bytes: number): string {
  return b64.slice(0, Math.ceil(bytes / 3) * 4 + 64); // + slack for whitespace or junk
}

// ASCII whitespace, which atob() ignores (WHATWG forgiving-base64).
const BASE64_WHITESPACE = /[\t\n\f\r ]+/g;

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
