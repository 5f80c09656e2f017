import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { looksLikeText, sniffBytes } from "./mime-sniff";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("sniffBytes", () => {
  it("recognises gzip, PNG, PDF and WAV by their magic numbers", async () => {
    expect(await sniffBytes(new Uint8Array(gzipSync(Buffer.from("id,name\n1,a\n"))))).toEqual({
      mimeType: "application/gzip",
      ext: "gz",
      description: "gzip",
    });
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
    expect((await sniffBytes(new Uint8Array(png)))?.mimeType).toBe("image/png");
    expect((await sniffBytes(bytes("%PDF-1.4\n%âãÏÓ\n")))?.description).toBe("PDF document");
    const wav = new Uint8Array([...bytes("RIFF"), 36, 0, 0, 0, ...bytes("WAVEfmt "), 16, 0, 0, 0]);
    expect((await sniffBytes(wav))?.mimeType).toBe("audio/wav");
  });

  it("calls UTF-8 without NULs text, and says nothing about unknown binary or nothing", async () => {
    expect(await sniffBytes(bytes("héllo, 世界\n"))).toMatchObject({
      mimeType: "text/plain",
      description: "UTF-8 text",
    });
    expect(await sniffBytes(new Uint8Array([0, 1, 2, 3, 0xff]))).toBeUndefined();
    expect(await sniffBytes(new Uint8Array())).toBeUndefined();
  });
});

describe("looksLikeText", () => {
  it("accepts a prefix cut inside a multi-byte character", () => {
    expect(looksLikeText(bytes("日本").subarray(0, 4))).toBe(true);
  });
  it("refuses invalid UTF-8 and NUL bytes", () => {
    expect(looksLikeText(new Uint8Array([0x66, 0xff, 0x66]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0x66, 0x00]))).toBe(false);
  });
});
