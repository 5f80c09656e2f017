import { describe, expect, it } from "vitest";
import {
  checkAnnotations,
  checkIcons,
  checkReadResult,
  checkResourcesAgainstTemplates,
  isIso8601,
  mimeContradicts,
} from "./checks";
import { contentsMatchRequest, contentWarnings } from "../content/content-checks";
import { contentByteLength } from "../content/content-kind";

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);

describe("read results", () => {
  it("a content for the requested URI, or for URIs below it, is not a mismatch", () => {
    expect(contentsMatchRequest("file:///d/", ["file:///d/a.txt", "file:///d/b.txt"])).toBe(true);
    expect(contentsMatchRequest("file:///d", ["file:///d/a.txt"])).toBe(true);
    expect(contentsMatchRequest("x://a", ["x://a", "x://related"])).toBe(true);
    expect(contentsMatchRequest("HTTPS://Example.com/a", ["https://example.com/a"])).toBe(true);
    expect(contentsMatchRequest("x://a", ["x://b"])).toBe(false);
    expect(contentsMatchRequest("x://ab", ["x://abc"])).toBe(false);
  });

  it("size compares the UTF-8 bytes of a text and the decoded bytes of a blob", () => {
    const text = { contents: [{ uri: "x://a", mimeType: "text/plain", text: "é" }] };
    expect(checkReadResult("x://a", text, 2)).toEqual([]);
    expect(codes(checkReadResult("x://a", text, 1))).toEqual(["size-mismatch"]);
    const blob = { contents: [{ uri: "x://b", mimeType: "application/octet-stream", blob: "AAEC" }] };
    expect(checkReadResult("x://b", blob, 3)).toEqual([]);
  });

  it("size compares a read of several contents as a whole, as the viewer does", () => {
    const two = {
      contents: [
        { uri: "x://a", mimeType: "text/plain", text: "a" },
        { uri: "x://a", mimeType: "text/plain", text: "b" },
      ],
    };
    expect(checkReadResult("x://a", two, 2)).toEqual([]);
    expect(checkReadResult("x://a", two, 99)).toEqual([
      {
        code: "size-mismatch",
        subject: "x://a",
        uri: "x://a",
        message: "x://a is listed with size 99 but the read returned 2 bytes.",
      },
    ]);
  });

  it("size compares the one content a read returned, whatever its uri (the demo's contradiction)", () => {
    const elsewhere = { contents: [{ uri: "x://b", mimeType: "text/plain", text: "abc" }] };
    expect(codes(checkReadResult("x://a", elsewhere, 12))).toEqual(["read-uri-mismatch", "size-mismatch"]);
  });

  it("agrees with the viewer's warnings on every read of one content, and on sizes of several", () => {
    const panelCode = { "size-mismatch": "size-mismatch", "uri-mismatch": "read-uri-mismatch" } as const;
    const reads: {
      uri: string;
      contents: { uri: string; mimeType: string; text?: string; blob?: string }[];
    }[] = [
      { uri: "x://a", contents: [{ uri: "x://a", mimeType: "text/plain", text: "é" }] },
      { uri: "x://a", contents: [{ uri: "x://b", mimeType: "text/plain", text: "abc" }] },
      { uri: "file:///d/", contents: [{ uri: "file:///d/a.txt", mimeType: "text/plain", text: "ab" }] },
      { uri: "x://a", contents: [{ uri: "x://a", mimeType: "application/octet-stream", blob: "!!" }] },
      {
        uri: "x://a",
        contents: [
          { uri: "x://a", mimeType: "text/plain", text: "a" },
          { uri: "x://a/b", mimeType: "text/plain", text: "bc" },
        ],
      },
    ];
    for (const listedSize of [2, 3]) {
      for (const read of reads) {
        const readBytes = read.contents.reduce((n, c) => n + contentByteLength(c), 0);
        const viewer = read.contents.flatMap((item, index) =>
          contentWarnings({
            requestedUri: read.uri,
            item,
            index,
            itemCount: read.contents.length,
            readByteLength: readBytes,
            listed: { size: listedSize },
          }).map((w) =>
            w.kind === "invalid-base64" ? "blob-not-base64" : panelCode[w.kind as keyof typeof panelCode],
          ),
        );
        const panel = codes(checkReadResult(read.uri, read, listedSize));
        expect(panel.sort(), JSON.stringify({ read, listedSize })).toEqual(viewer.sort());
      }
    }
  });

  it("flags a blob that is not base64 and a content without mimeType", () => {
    const r = { contents: [{ uri: "x://a", blob: "!!" }] };
    expect(codes(checkReadResult("x://a", r))).toEqual(["blob-not-base64", "missing-mime-type"]);
  });
});

describe("mime types against magic numbers", () => {
  it("contradicts only on a different specific type", () => {
    expect(mimeContradicts("image/png", "application/gzip")).toBe(true);
    expect(mimeContradicts("text/plain", "image/png")).toBe(true);
    expect(mimeContradicts("image/jpg", "image/jpeg")).toBe(false);
    expect(mimeContradicts("application/octet-stream", "image/png")).toBe(false);
    expect(
      mimeContradicts(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/zip",
      ),
    ).toBe(false);
    expect(mimeContradicts("application/epub+zip", "application/zip")).toBe(false);
    expect(mimeContradicts("image/png; charset=binary", "image/png")).toBe(false);
    expect(mimeContradicts("image/png", "text/plain")).toBe(false);
  });

  it("reads the declared type with the viewer's parser: aliases resolved, a non-type contradicts nothing", () => {
    expect(mimeContradicts("IMAGE/JPG; q=1", "image/jpeg")).toBe(false);
    expect(mimeContradicts("application/x-gzip", "application/gzip")).toBe(false);
    expect(mimeContradicts("image/png,image/jpeg", "image/png")).toBe(false);
  });
});

describe("icons and annotations", () => {
  it("allows https: and typed data: icons only", () => {
    expect(
      checkIcons("x://a", [
        { src: "https://e.com/i.png" },
        { src: "data:image/png;base64,AA", mimeType: "image/png" },
      ]),
    ).toEqual([]);
    expect(
      codes(
        checkIcons("x://a", [
          { src: "javascript:alert(1)" },
          { src: "file:///etc/x.png" },
          { src: "/rel.png" },
        ]),
      ),
    ).toEqual(["icon-scheme", "icon-scheme", "icon-scheme"]);
    expect(codes(checkIcons("x://a", [{ src: "data:image/png;base64,AA" }]))).toEqual([
      "data-icon-without-mime-type",
    ]);
  });

  it("priority 0..1 and ISO 8601 lastModified", () => {
    expect(checkAnnotations("x", { priority: 0, lastModified: "2025-01-12T15:00:58Z" })).toEqual([]);
    expect(checkAnnotations("x", { priority: 1, lastModified: "2025-01-12T15:00:58.123+02:00" })).toEqual([]);
    expect(codes(checkAnnotations("x", { priority: 1.5 }))).toEqual(["annotation-out-of-range"]);
    expect(codes(checkAnnotations("x", { priority: "high" }))).toEqual(["annotation-out-of-range"]);
    expect(codes(checkAnnotations("x", { lastModified: "Tue, 1 Dec 2026 10:00:00 GMT" }))).toEqual([
      "annotation-out-of-range",
    ]);
    expect(isIso8601("2025-01-12")).toBe(true);
    expect(isIso8601("2025-13-45T99:00:00Z")).toBe(false);
  });
});

describe("resources against templates", () => {
  it("flags a resource under a template's path prefix that no template matches", () => {
    expect(
      codes(checkResourcesAgainstTemplates(["demo://r/dynamic/{id}"], ["demo://r/dynamic/a/b"])),
    ).toEqual(["resource-outside-template"]);
  });

  it("is silent on server-everything's shape, scheme-wide prefixes and matching resources", () => {
    const everything = [
      "demo://resource/dynamic/text/{resourceId}",
      "demo://resource/dynamic/blob/{resourceId}",
    ];
    expect(checkResourcesAgainstTemplates(everything, ["demo://resource/static/document/a.md"])).toEqual([]);
    expect(checkResourcesAgainstTemplates(["file:///{+path}"], ["file:///a/b"])).toEqual([]);
    expect(checkResourcesAgainstTemplates(["x://host/{id}"], ["x://host/a/b"])).toEqual([]);
    expect(checkResourcesAgainstTemplates(["x://h/items/{id}"], ["x://h/items/7"])).toEqual([]);
    // Another template matching it is enough.
    expect(
      checkResourcesAgainstTemplates(["x://h/items/{id}", "x://h/items/{a}/{b}"], ["x://h/items/1/2"]),
    ).toEqual([]);
  });
});
