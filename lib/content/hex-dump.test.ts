import { describe, expect, it } from "vitest";
import { HEX_DUMP_LIMIT, hexDump, hexDumpLine } from "./hex-dump";

describe("hexDump", () => {
  it("lays lines out like hexdump -C", () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(hexDumpLine(png, 0)).toBe(
      "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|",
    );
  });

  it("pads a short last line so the ASCII column stays aligned", () => {
    const { lines } = hexDump(new TextEncoder().encode("Hello, world!\n\u007f~ AB"));
    expect(lines).toEqual([
      "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 7f 7e  |Hello, world!..~|",
      "00000010  20 41 42                                          | AB|",
    ]);
    expect(lines[0]?.indexOf("|")).toBe(lines[1]?.indexOf("|"));
  });

  it("shows the first 4 KB only and says how much there was", () => {
    const big = new Uint8Array(10_000).map((_, i) => i % 256);
    const dump = hexDump(big);
    expect(dump).toMatchObject({ shown: HEX_DUMP_LIMIT, total: 10_000 });
    expect(dump.lines).toHaveLength(HEX_DUMP_LIMIT / 16);
    expect(dump.lines.at(-1)?.startsWith("00000ff0  f0 f1")).toBe(true);
  });

  it("is empty for no bytes", () => {
    expect(hexDump(new Uint8Array())).toEqual({ lines: [], shown: 0, total: 0 });
  });
});
