/**
 * Decoding base64 the way a lenient decoder (Node's Buffer, the content route) does: characters
 * outside the alphabet are skipped and decoding stops at padding, so a blob that is not valid
 * base64 still yields the bytes the download will contain. Use lib/content-kind.ts's
 * `isValidBase64` to tell the user it was invalid.
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
