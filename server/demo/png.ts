import { deflateSync } from "node:zlib";

/**
 * A minimal PNG encoder (8-bit RGB, no filtering) so the demo ships real images without binary
 * files in the repository. `zlib.crc32` only exists from Node 20.15/22.2, hence our own CRC32.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC), as PNG chunks require. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export type Rgb = readonly [number, number, number];

export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour RGB
  // compression, filter and interlace methods stay 0
  const stride = 1 + width * 3; // each scanline starts with its filter type (0 = none)
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The demo logo: a 32x32 diagonal gradient with a ring, light or dark. */
export function logoPng(theme: "light" | "dark" = "light"): Buffer {
  const size = 32;
  return encodePng(size, size, (x, y) => {
    const distance = Math.hypot(x - 15.5, y - 15.5);
    if (distance > 9 && distance < 13) return theme === "light" ? [255, 255, 255] : [20, 20, 30];
    const t = (x + y) / (2 * (size - 1));
    const base: Rgb = [Math.round(40 + 180 * t), Math.round(90 + 60 * (1 - t)), Math.round(200 - 120 * t)];
    return theme === "light" ? base : [base[0] >> 1, base[1] >> 1, base[2] >> 1];
  });
}

/** An 8x8 checkerboard, for the multi-content bundle. */
export function checkerPng(): Buffer {
  return encodePng(8, 8, (x, y) => ((x + y) % 2 === 0 ? [230, 80, 40] : [250, 240, 220]));
}
