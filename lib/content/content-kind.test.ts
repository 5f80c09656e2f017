import { describe, it, expect } from "vitest";
import { contentByteLength, formatBytes, utf8ByteLength } from "./content-kind";

function b64(bytes: readonly number[]): string {
  return btoa(String.fromCharCode(...bytes));
}

describe("contentByteLength", () => {
  it("measures text in UTF-8 bytes, not UTF-16 code units", () => {
    expect(contentByteLength({ text: "aé€🚀" })).toBe(1 + 2 + 3 + 4);
  });

  it("measures a blob by its decoded length, and an invalid one without throwing", () => {
    expect(contentByteLength({ blob: b64([1, 2, 3, 4, 5]) })).toBe(5);
    expect(contentByteLength({ blob: "!!!!notbase64!!!" })).toBe(12);
    expect(contentByteLength({ blob: "" })).toBe(0);
  });
});

describe("utf8ByteLength", () => {
  it.each([
    ["", "empty"],
    ["hello", "ASCII"],
    ["ünïcødé", "two-byte"],
    ["日本語", "three-byte"],
    ["🚀👩‍👩‍👧", "surrogate pairs and ZWJ"],
    ["a\uD800b", "a lone high surrogate"],
    ["\uDC00x", "a lone low surrogate"],
    ["x\uD83D", "a high surrogate at the end"],
  ])("matches TextEncoder for %j (%s)", (text) => {
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1 KiB"],
    [1229, "1.2 KiB"],
    [1536, "1.5 KiB"],
    [10 * 1024, "10 KiB"],
    [10.4 * 1024, "10 KiB"],
    [1023.96 * 1024, "1 MiB"],
    [4.3 * 1024 * 1024, "4.3 MiB"],
    [10 * 1024 ** 2, "10 MiB"],
    [2 * 1024 ** 3, "2 GiB"],
    [5 * 1024 ** 5, "5120 TiB"],
  ])("formats %d as %j", (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });

  it("shows a negative or non-finite size as given rather than hiding a server's bogus value", () => {
    expect(formatBytes(-5)).toBe("-5 B");
    expect(formatBytes(Number.NaN)).toBe("NaN B");
  });
});
