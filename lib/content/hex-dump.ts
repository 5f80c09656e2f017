/**
 * A classic hex dump (`hexdump -C` layout) of the first bytes of a blob, as plain text lines:
 *   00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|
 * Printable ASCII (0x20–0x7e) shows as itself in the right column, everything else as ".".
 */

export const HEX_DUMP_LIMIT = 4096;
const PER_LINE = 16;

function hex2(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}

/** One dump line for up to 16 bytes starting at `offset`. */
export function hexDumpLine(bytes: Uint8Array, offset: number): string {
  const row = bytes.subarray(offset, offset + PER_LINE);
  let hex = "";
  let ascii = "";
  for (let i = 0; i < PER_LINE; i += 1) {
    const byte = row[i];
    if (i === 8) hex += " ";
    hex += byte === undefined ? "   " : `${hex2(byte)} `;
    if (byte !== undefined) ascii += byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : ".";
  }
  return `${offset.toString(16).padStart(8, "0")}  ${hex} |${ascii}|`;
}

export interface HexDump {
  lines: string[];
  /** Bytes shown (at most `limit`). */
  shown: number;
  /** Bytes in the input. */
  total: number;
}

/** The first `limit` bytes as dump lines; `shown < total` means the rest was left out. */
export function hexDump(bytes: Uint8Array, limit = HEX_DUMP_LIMIT): HexDump {
  const shown = Math.min(bytes.length, Math.max(0, limit));
  const view = bytes.subarray(0, shown);
  const lines: string[] = [];
  for (let offset = 0; offset < shown; offset += PER_LINE) lines.push(hexDumpLine(view, offset));
  return { lines, shown, total: bytes.length };
}
