import { describe, it, expect } from "vitest";
import {
  INLINE_IMAGE_TYPES,
  base64ByteLength,
  classifyContent,
  decodeBase64,
  formatBytes,
  isValidBase64,
  utf8ByteLength,
} from "./content-kind";

function b64(bytes: readonly number[]): string {
  return btoa(String.fromCharCode(...bytes));
}
function b64Text(text: string): string {
  return b64([...new TextEncoder().encode(text)]);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const GIF87 = [...new TextEncoder().encode("GIF87a"), 1, 0, 1, 0];
const GIF89 = [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0];
const WEBP = [...new TextEncoder().encode("RIFF"), 0x24, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")];

describe("classifyContent: declared types", () => {
  it("lets the item's own mimeType win over the listed one", () => {
    expect(classifyContent({ text: "# hi", mimeType: "text/markdown" }, "application/json")).toMatchObject({
      kind: "markdown",
      mimeType: "text/markdown",
    });
  });

  it("uses the listed mimeType when the item has none", () => {
    expect(classifyContent({ text: "# hi" }, "text/markdown")).toMatchObject({
      kind: "markdown",
      mimeType: "text/markdown",
    });
  });

  it("treats an empty mimeType as absent", () => {
    expect(classifyContent({ text: "# hi", mimeType: "" }, "text/markdown").kind).toBe("markdown");
  });

  it("does not sniff when a type is declared", () => {
    expect(classifyContent({ text: '{"a":1}', mimeType: "text/plain" })).toMatchObject({
      kind: "text",
      mimeType: "text/plain",
    });
    expect(classifyContent({ blob: b64(PNG), mimeType: "application/octet-stream" }).kind).toBe("binary");
  });

  it("lowercases the type and drops its parameters", () => {
    expect(classifyContent({ text: "<p>", mimeType: "Text/HTML; profile=mcp-app" })).toMatchObject({
      kind: "text",
      mimeType: "text/html",
    });
  });

  it.each([
    "application/json",
    "application/ld+json",
    "application/vnd.api+json",
    "application/json; charset=utf-8",
  ])("classifies %s as json", (mimeType) => {
    expect(classifyContent({ text: "{}", mimeType }).kind).toBe("json");
  });

  it("keeps a declared json type even when the text does not parse (the viewer shows the error)", () => {
    expect(classifyContent({ text: "{oops", mimeType: "application/json" }).kind).toBe("json");
  });

  it.each(["text/markdown", "text/x-markdown"])("classifies %s as markdown", (mimeType) => {
    expect(classifyContent({ text: "# x", mimeType }).kind).toBe("markdown");
  });

  it.each([
    "text/plain",
    "text/html",
    "text/csv",
    "text/yaml",
    "application/xml",
    "application/atom+xml",
    "application/javascript",
    "application/yaml",
    "application/x-yaml",
    "application/toml",
    "application/x-ndjson",
  ])("classifies a text item of %s as text", (mimeType) => {
    expect(classifyContent({ text: "x", mimeType }).kind).toBe("text");
  });

  it("classifies a text item of a non-textual type as text: text is shown as text", () => {
    expect(classifyContent({ text: "x", mimeType: "application/octet-stream" }).kind).toBe("text");
    expect(classifyContent({ text: "iVBORw0KGgo=", mimeType: "image/png" }).kind).toBe("text");
  });

  it("classifies SVG sent as text as an image", () => {
    expect(classifyContent({ text: "<svg/>", mimeType: "image/svg+xml" })).toMatchObject({
      kind: "image",
      isBlob: false,
    });
  });

  it.each(INLINE_IMAGE_TYPES)("classifies a blob of %s as an image", (mimeType) => {
    expect(classifyContent({ blob: b64(PNG), mimeType })).toMatchObject({
      kind: "image",
      mimeType,
      isBlob: true,
    });
  });

  it("lists exactly the browser-safe inline image types", () => {
    expect([...INLINE_IMAGE_TYPES].sort()).toEqual([
      "image/gif",
      "image/jpeg",
      "image/png",
      "image/svg+xml",
      "image/webp",
    ]);
  });

  it.each([
    "image/tiff",
    "image/bmp",
    "application/pdf",
    "application/zip",
    "application/octet-stream",
    "audio/mpeg",
  ])("classifies a blob of %s as binary", (mimeType) => {
    expect(classifyContent({ blob: b64([1, 2, 3]), mimeType }).kind).toBe("binary");
  });

  it("classifies a blob of a textual type by that type (server-everything sends text/plain blobs)", () => {
    expect(classifyContent({ blob: b64Text("hello"), mimeType: "text/plain" })).toMatchObject({
      kind: "text",
      isBlob: true,
    });
    expect(classifyContent({ blob: b64Text("<a/>"), mimeType: "application/rss+xml" }).kind).toBe("text");
    expect(classifyContent({ blob: b64Text("{}"), mimeType: "application/json" }).kind).toBe("json");
    expect(classifyContent({ blob: b64Text("# x"), mimeType: "text/markdown" }).kind).toBe("markdown");
  });
});

describe("classifyContent: sniffing when no type is known", () => {
  it.each([
    ['{"a": [1, 2]}', "an object"],
    ["[1, 2, 3]", "an array"],
    ['  \n {"a": 1}', "an object after whitespace"],
  ])("classifies text %j (%s) that parses as JSON as application/json", (text) => {
    expect(classifyContent({ text })).toMatchObject({ kind: "json", mimeType: "application/json" });
  });

  it.each([
    ["{not json", "broken JSON"],
    ["42", "a bare number"],
    ['"str"', "a bare string"],
    ["[link](x)", "markdown starting with ["],
    ["", "empty text"],
  ])("classifies text %j (%s) as text/plain", (text) => {
    expect(classifyContent({ text })).toMatchObject({ kind: "text", mimeType: "text/plain" });
  });

  it.each([
    [PNG, "image/png"],
    [JPEG, "image/jpeg"],
    [GIF87, "image/gif"],
    [GIF89, "image/gif"],
    [WEBP, "image/webp"],
  ])("recognises a blob starting with %j as %s", (bytes, mimeType) => {
    expect(classifyContent({ blob: b64(bytes) })).toMatchObject({ kind: "image", mimeType });
  });

  it("does not mistake a RIFF file that is not WebP (e.g. WAV) for an image", () => {
    const wav = [...new TextEncoder().encode("RIFF"), 0x24, 0, 0, 0, ...new TextEncoder().encode("WAVEfmt ")];
    expect(classifyContent({ blob: b64(wav) })).toMatchObject({
      kind: "binary",
      mimeType: "application/octet-stream",
    });
  });

  it("classifies an unrecognised, truncated or invalid blob as application/octet-stream", () => {
    expect(classifyContent({ blob: b64([0x89, 0x50]) }).mimeType).toBe("application/octet-stream");
    expect(classifyContent({ blob: b64([1, 2, 3, 4, 5]) }).kind).toBe("binary");
    expect(classifyContent({ blob: "!!!!notbase64!!!" })).toMatchObject({ kind: "binary", byteLength: 12 });
    expect(classifyContent({ blob: "" })).toMatchObject({ kind: "binary", byteLength: 0 });
  });

  it("uses the listed type before sniffing", () => {
    expect(classifyContent({ blob: b64(PNG) }, "application/octet-stream").kind).toBe("binary");
    expect(classifyContent({ text: "[1]" }, "text/plain").kind).toBe("text");
  });
});

describe("classifyContent: sizes", () => {
  it("measures text in UTF-8 bytes, not UTF-16 code units", () => {
    expect(classifyContent({ text: "aé€🚀" })).toMatchObject({ byteLength: 1 + 2 + 3 + 4, isBlob: false });
  });

  it("measures a blob by its decoded length", () => {
    expect(classifyContent({ blob: b64([1, 2, 3, 4, 5]), mimeType: "application/zip" })).toMatchObject({
      byteLength: 5,
      isBlob: true,
    });
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

describe("base64ByteLength", () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 100, 1001])("gives the exact decoded length of %i bytes", (n) => {
    const bytes = Array.from({ length: n }, (_, i) => (i * 37) % 256);
    expect(base64ByteLength(b64(bytes))).toBe(n);
  });

  it("counts unpadded base64 the way atob decodes it", () => {
    expect(base64ByteLength("YQ")).toBe(atob("YQ").length);
    expect(base64ByteLength("YWI")).toBe(atob("YWI").length);
  });

  it("ignores ASCII whitespace, as atob does", () => {
    const wrapped = "AAEC\nAwQF\r\nBgc=";
    expect(base64ByteLength(wrapped)).toBe(atob(wrapped).length);
  });
});

describe("isValidBase64", () => {
  it.each(["", "YQ==", "YQ", "YWI=", "YWJj", "YW Jj\n", "+/+/"])("accepts %j, as atob does", (s) => {
    expect(isValidBase64(s)).toBe(true);
    expect(() => atob(s)).not.toThrow();
  });

  it.each(["Y", "YWJjZ", "YQ=", "Y===", "YQ==YQ==", "=YWI", "YW-_", "YWJj!", "é"])(
    "rejects %j, as atob does",
    (s) => {
      expect(isValidBase64(s)).toBe(false);
      expect(() => atob(s)).toThrow();
    },
  );
});

describe("decodeBase64", () => {
  it("decodes to the original bytes, including high bytes", () => {
    const bytes = [0, 1, 127, 128, 200, 255];
    expect([...decodeBase64(b64(bytes))]).toEqual(bytes);
  });

  it("decodes an empty string to no bytes", () => {
    expect(decodeBase64("")).toEqual(new Uint8Array());
  });

  it("throws on text that is not base64", () => {
    expect(() => decodeBase64("not base64!")).toThrow();
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
