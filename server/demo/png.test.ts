import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, encodePng, PNG_SIGNATURE } from "./png";

/** Splits a PNG into its chunks, checking each chunk's CRC on the way. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const found: { type: string; data: Buffer }[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    found.push({ type: typeAndData.toString("latin1", 0, 4), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  return found;
}

describe("png", () => {
  it("computes the standard CRC-32 check value", () => {
    expect(crc32(Buffer.from("123456789", "latin1"))).toBe(0xcbf43926);
  });

  it("encodes signature, IHDR, IDAT and IEND with valid CRCs and unfiltered RGB scanlines", () => {
    const png = encodePng(3, 2, (x, y) => [x, y, 7]);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const parts = chunks(png);
    expect(parts.map((part) => part.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = parts[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([3, 2, 8, 2]);
    expect([...inflateSync(parts[1]!.data)]).toEqual([
      0, 0, 0, 7, 1, 0, 7, 2, 0, 7, 0, 0, 1, 7, 1, 1, 7, 2, 1, 7,
    ]);
  });
});
