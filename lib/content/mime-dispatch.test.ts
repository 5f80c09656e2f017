import { describe, expect, it } from "vitest";
import {
  RICH_RENDER_LIMIT_BYTES,
  degradesWhenLarge,
  dispatchContent,
  mimeEssence,
  parseMimeType,
  sniffText,
} from "./mime-dispatch";
import { sniffBytes } from "./mime-sniff";

const text = (mimeType: string | undefined, body = "x", uri = "demo://x", listedMimeType?: string) =>
  dispatchContent({ uri, mimeType, listedMimeType, isBlob: false, text: body });
const blob = (
  mimeType: string | undefined,
  sniffedMimeType?: string,
  uri = "demo://x",
  listedMimeType?: string,
) => dispatchContent({ uri, mimeType, listedMimeType, isBlob: true, sniffedMimeType });

describe("parseMimeType", () => {
  it("lowercases the essence and keeps parameters, unquoted", () => {
    expect(parseMimeType('Text/HTML; Profile="mcp-app"; charset=utf-8')).toEqual({
      essence: "text/html",
      params: { profile: "mcp-app", charset: "utf-8" },
    });
  });
  it("keeps a quoted parameter value whole, semicolons and escapes included", () => {
    expect(parseMimeType('text/plain; note="a;b"; charset=utf-8')).toEqual({
      essence: "text/plain",
      params: { note: "a;b", charset: "utf-8" },
    });
    expect(parseMimeType('text/plain; note="say \\"hi\\""')?.params).toEqual({ note: 'say "hi"' });
  });
  it("keeps a well-formed type whose parameters are malformed, without its parameters", () => {
    for (const value of ["text/markdown;", "text/markdown; charset", 'text/markdown; note="open']) {
      expect(parseMimeType(value), value).toEqual({ essence: "text/markdown", params: {} });
    }
    expect(text("text/markdown; charset")).toMatchObject({ renderer: "markdown", source: "content" });
  });
  it("refuses what is not type/subtype", () => {
    for (const bad of [
      undefined,
      "",
      "text",
      "text/",
      "/html",
      "a/b/c",
      "te xt/plain",
      "; a=b",
      "a/b c; x=y",
    ]) {
      expect(parseMimeType(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("mimeEssence", () => {
  it("resolves the aliases of a type, parameters and case aside", () => {
    expect(mimeEssence("Image/JPG; q=1")).toBe("image/jpeg");
    expect(mimeEssence("image/x-icon")).toBe("image/vnd.microsoft.icon");
    expect(mimeEssence("application/x-gzip")).toBe("application/gzip");
    expect(mimeEssence("text/plain; charset=utf-8")).toBe("text/plain");
    expect(mimeEssence("not a type")).toBeUndefined();
  });
});

describe("dispatchContent: order of evidence", () => {
  it("prefers the item's own type, then the listed one", () => {
    expect(text("text/markdown", "x", "demo://x", "application/json")).toMatchObject({
      renderer: "markdown",
      source: "content",
    });
    expect(text(undefined, "x", "demo://x", "application/json")).toMatchObject({
      renderer: "json",
      source: "listed",
    });
    // An empty type is no type.
    expect(text("", "x", "demo://x", "application/json")).toMatchObject({ source: "listed" });
  });

  it("then what the bytes look like: magic numbers for blobs, unmistakable openings for text", () => {
    expect(blob(undefined, "image/png")).toMatchObject({
      renderer: "image",
      mimeType: "image/png",
      source: "bytes",
    });
    expect(blob(undefined, "application/gzip")).toMatchObject({ renderer: "binary", source: "bytes" });
    expect(text(undefined, '  {"a": [1]}')).toMatchObject({ renderer: "json", source: "bytes" });
    expect(text(undefined, "<svg xmlns='http://www.w3.org/2000/svg'/>")).toMatchObject({ renderer: "image" });
    expect(text(undefined, "<!DOCTYPE html><p>hi")).toMatchObject({ renderer: "html", source: "bytes" });
    expect(text(undefined, '<?xml version="1.0"?><feed/>')).toMatchObject({
      renderer: "code",
      language: "markup",
    });
  });

  it("then the URI's extension, then text/plain or octet-stream", () => {
    expect(text(undefined, "print(1)", "file:///a/b.py")).toMatchObject({
      renderer: "code",
      language: "python",
      source: "extension",
    });
    expect(text(undefined, "a,b", "demo://t.csv?x=1")).toMatchObject({ renderer: "table", delimiter: "," });
    expect(text(undefined, "# hi", "demo://docs/notes.md")).toMatchObject({
      renderer: "markdown",
      mimeType: "text/markdown",
    });
    expect(text(undefined, "plain words")).toMatchObject({
      renderer: "text",
      mimeType: "text/plain",
      source: "default",
    });
    expect(blob(undefined)).toMatchObject({
      renderer: "binary",
      mimeType: "application/octet-stream",
      source: "default",
    });
  });

  it("lets a blob's extension claim text only when its bytes look like text", () => {
    expect(blob(undefined, undefined, "demo://a.md")).toMatchObject({ renderer: "binary" });
    expect(blob(undefined, "text/plain", "demo://a.md")).toMatchObject({
      renderer: "markdown",
      textual: true,
    });
    expect(blob(undefined, "text/plain")).toMatchObject({ renderer: "text", textual: true, source: "bytes" });
  });

  it("never second-guesses a declared type, octet-stream included", () => {
    expect(blob("application/octet-stream", "image/png")).toMatchObject({
      renderer: "binary",
      source: "content",
    });
    expect(text("text/plain", '{"a":1}')).toMatchObject({ renderer: "text" });
  });

  it("ignores a malformed declared type and moves on", () => {
    expect(text("not a type", '{"a":1}', "demo://x", "nonsense")).toMatchObject({
      renderer: "json",
      source: "bytes",
    });
  });
});

describe("dispatchContent: renderers", () => {
  it("renders markdown, JSON (+json too) and CSV/TSV tables", () => {
    expect(text("text/markdown").renderer).toBe("markdown");
    expect(text("application/ld+json").renderer).toBe("json");
    expect(text("text/csv")).toMatchObject({ renderer: "table", delimiter: "," });
    expect(text("text/tab-separated-values")).toMatchObject({ renderer: "table", delimiter: "\t" });
  });

  it("highlights code and config types", () => {
    const cases: [string, string][] = [
      ["text/javascript", "javascript"],
      ["application/typescript", "typescript"],
      ["text/x-typescript", "typescript"],
      ["text/x-python", "python"],
      ["application/xml", "markup"],
      ["application/atom+xml", "markup"],
      ["application/yaml", "yaml"],
      ["application/toml", "toml"],
      ["text/css", "css"],
      ["application/sql", "sql"],
      ["application/x-sh", "bash"],
    ];
    for (const [type, language] of cases)
      expect(text(type), type).toMatchObject({ renderer: "code", language });
  });

  it("shows HTML as HTML (source first), and recognises MCP App pages", () => {
    expect(text("text/html")).toMatchObject({ renderer: "html", mcpApp: false });
    expect(text("text/html;profile=mcp-app", "<p>", "ui://demo/app.html")).toMatchObject({
      renderer: "html",
      mimeType: "text/html",
      mcpApp: true,
      params: { profile: "mcp-app" },
    });
  });

  it("renders images, audio, video and PDF only from blobs; SVG from text too", () => {
    for (const subtype of ["png", "jpeg", "gif", "webp", "avif", "svg+xml"])
      expect(blob(`image/${subtype}`).renderer, subtype).toBe("image");
    expect(text("image/svg+xml")).toMatchObject({ renderer: "image", textual: true });
    expect(blob("audio/wav").renderer).toBe("audio");
    expect(blob("video/mp4").renderer).toBe("video");
    expect(blob("application/pdf").renderer).toBe("pdf");
    expect(text("image/png")).toMatchObject({ renderer: "text", textual: true });
    expect(text("audio/wav").renderer).toBe("text");
    expect(text("application/pdf").renderer).toBe("text");
  });

  it("renders a blob declared by a common alias as its type, naming the type the server declared", () => {
    expect(blob("image/jpg")).toMatchObject({ renderer: "image", mimeType: "image/jpg", source: "content" });
    expect(blob("image/pjpeg").renderer).toBe("image");
    expect(blob("application/x-pdf").renderer).toBe("pdf");
    expect(blob("audio/x-wav").renderer).toBe("audio");
    expect(text("image/jpg").renderer).toBe("text");
  });

  it("shows a textual blob as text and any other blob as binary", () => {
    expect(blob("text/markdown")).toMatchObject({ renderer: "markdown", textual: true });
    expect(blob("application/json")).toMatchObject({ renderer: "json", textual: true });
    expect(blob("text/x-whatever")).toMatchObject({ renderer: "text", textual: true });
    expect(blob("application/gzip")).toMatchObject({ renderer: "binary", textual: false });
    expect(blob("application/x-unknown")).toMatchObject({ renderer: "binary", textual: false });
  });

  it("shows any text item as text, whatever odd type it declares", () => {
    expect(text("application/octet-stream")).toMatchObject({ renderer: "text", textual: true });
  });
});

describe("dispatchContent: an undeclared blob's first bytes (lib/content/mime-sniff.ts)", () => {
  const ascii = (t: string) => [...new TextEncoder().encode(t)];
  const dispatchBytes = async (bytes: number[]) =>
    blob(undefined, (await sniffBytes(new Uint8Array(bytes)))?.mimeType);

  it.each([
    ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]],
    ["image/jpeg", [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]],
    ["image/gif", [...ascii("GIF89a"), 1, 0, 1, 0]],
    ["image/webp", [...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")]],
    ["image/bmp", [...ascii("BM"), 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0]],
    ["image/x-icon", [0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]],
    ["image/avif", [0, 0, 0, 0x1c, ...ascii("ftypavif"), 0, 0, 0, 0, ...ascii("avifmif1miaf")]],
  ])("shows a blob whose bytes say %s as that image", async (mimeType, bytes) => {
    expect(await dispatchBytes(bytes)).toMatchObject({ renderer: "image", mimeType, source: "bytes" });
  });

  it("does not mistake a RIFF file that is not WebP (a WAV) for an image", async () => {
    const wav = [...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVEfmt "), 16, 0, 0, 0];
    expect(await dispatchBytes(wav)).toMatchObject({ renderer: "audio", mimeType: "audio/wav" });
  });

  it("calls unknown or truncated bytes application/octet-stream", async () => {
    for (const bytes of [[0x89, 0x50], [0, 1, 2, 3, 0xff], []]) {
      expect(await dispatchBytes(bytes)).toMatchObject({
        renderer: "binary",
        mimeType: "application/octet-stream",
      });
    }
  });
});

describe("sniffText and large content", () => {
  it("does not parse JSON beyond the rich-render limit", () => {
    expect(sniffText(`[${"1,".repeat(RICH_RENDER_LIMIT_BYTES)}1]`)).toBeUndefined();
    expect(sniffText("[1, 2")).toBeUndefined();
    expect(sniffText("")).toBeUndefined();
  });

  it("degrades rich renderers, not media or plain text", () => {
    expect(["markdown", "json", "code", "table", "html"].every((k) => degradesWhenLarge(k as never))).toBe(
      true,
    );
    expect(["text", "image", "audio", "binary"].some((k) => degradesWhenLarge(k as never))).toBe(false);
  });
});
