import { describe, expect, it } from "vitest";
import { FrameStore, frameDocumentOf } from "./frames";

describe("FrameStore", () => {
  it("hands out unguessable ids and forgets a frame after ten minutes", () => {
    let now = 0;
    const store = new FrameStore(() => now);
    const { id } = store.add(Buffer.from("<p>hi</p>"), "text/html; charset=utf-8", false);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.get(id)?.bytes.toString()).toBe("<p>hi</p>");
    now += 10 * 60_000 - 1;
    expect(store.get(id)).toBeDefined();
    now += 1;
    expect(store.get(id)).toBeUndefined();
  });

  it("keeps at most 32 frames and 64 MB, dropping the oldest first", () => {
    const store = new FrameStore();
    const ids = Array.from({ length: 40 }, () => store.add(Buffer.alloc(10), "application/pdf", false).id);
    expect(store.size).toBe(32);
    expect(store.get(ids[0]!)).toBeUndefined();
    expect(store.get(ids[39]!)).toBeDefined();
    const big = store.add(Buffer.alloc(40 * 1024 * 1024), "application/pdf", false).id;
    const bigger = store.add(Buffer.alloc(40 * 1024 * 1024), "application/pdf", false).id;
    expect(store.get(big)).toBeUndefined();
    expect(store.get(bigger)).toBeDefined();
    expect(() => store.add(Buffer.alloc(65 * 1024 * 1024), "application/pdf", false)).toThrow(/limited/);
  });
});

describe("frameDocumentOf", () => {
  const result = {
    contents: [
      { uri: "a", mimeType: "text/html", text: "<b>é</b>" },
      { uri: "b", mimeType: "application/pdf", blob: Buffer.from("%PDF-1.4").toString("base64") },
    ],
  };
  it("serves text as UTF-8 HTML and blobs as their bytes", () => {
    expect(frameDocumentOf(result, 0, "html").bytes.toString("utf8")).toBe("<b>é</b>");
    expect(frameDocumentOf(result, 1, "pdf")).toMatchObject({ contentType: "application/pdf" });
    expect(frameDocumentOf(result, 1, "pdf").bytes.toString()).toBe("%PDF-1.4");
  });
  it("a missing item is a 404 naming how many there are", () => {
    expect(() => frameDocumentOf(result, 5, "html")).toThrow(/2 content item\(s\); there is no item 5/);
  });
});
