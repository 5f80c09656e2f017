import { describe, expect, it } from "vitest";
import { checkContent, contentWarnings } from "./content-checks";

const base = { requestedUri: "demo://a", index: 0, itemCount: 1 };

describe("contentWarnings: what the viewer shows, listed vs actual metadata", () => {
  it("finds nothing when the server agrees with itself", () => {
    expect(
      contentWarnings({
        ...base,
        item: { uri: "demo://a", mimeType: "text/plain; charset=utf-8", text: "héllo" },
        listed: { mimeType: "TEXT/PLAIN", size: 6 },
      }),
    ).toEqual([]);
  });

  it("reports a content type that differs from the listed one, by essence", () => {
    expect(
      contentWarnings({
        ...base,
        item: { uri: "demo://a", mimeType: "application/json", text: "{}" },
        listed: { mimeType: "text/plain" },
      }),
    ).toEqual([{ kind: "mime-mismatch", listed: "text/plain", content: "application/json" }]);
  });

  it("does not call two names of one type a contradiction (image/jpg is image/jpeg)", () => {
    expect(
      contentWarnings({
        ...base,
        item: { uri: "demo://a", mimeType: "image/jpeg", blob: "AAAA" },
        listed: { mimeType: "image/jpg" },
      }),
    ).toEqual([]);
  });

  it("does not call a missing type a contradiction", () => {
    expect(
      contentWarnings({ ...base, item: { uri: "demo://a", text: "x" }, listed: { mimeType: "text/plain" } }),
    ).toEqual([]);
    expect(
      contentWarnings({ ...base, item: { uri: "demo://a", mimeType: "text/plain", text: "x" }, listed: {} }),
    ).toEqual([]);
  });

  it("compares the listed size with the item's bytes (UTF-8 or decoded base64)", () => {
    expect(
      contentWarnings({ ...base, item: { uri: "demo://a", text: "日本" }, listed: { size: 2 } }),
    ).toEqual([{ kind: "size-mismatch", listed: 2, actual: 6, scope: "item" }]);
    expect(
      contentWarnings({ ...base, item: { uri: "demo://a", blob: "AAEC" }, listed: { size: 3 } }),
    ).toEqual([]);
  });

  it("compares the size with the whole read when it returned several items, once", () => {
    const item = { uri: "demo://a/1", text: "abc" };
    const multi = { requestedUri: "demo://a", itemCount: 2, readByteLength: 10, listed: { size: 12 }, item };
    expect(contentWarnings({ ...multi, index: 0 })).toEqual([
      { kind: "size-mismatch", listed: 12, actual: 10, scope: "read" },
    ]);
    expect(contentWarnings({ ...multi, index: 1 })).toEqual([]);
  });

  it("reports a single item under another uri, but not several items with their own", () => {
    expect(contentWarnings({ ...base, item: { uri: "demo://b", text: "" } })).toEqual([
      { kind: "uri-mismatch", requested: "demo://a", content: "demo://b" },
    ]);
    expect(contentWarnings({ ...base, itemCount: 2, item: { uri: "demo://b", text: "" } })).toEqual([]);
  });

  it("does not call one item below the requested URI a mismatch (a directory read), as the Problems panel does not", () => {
    expect(
      contentWarnings({ ...base, requestedUri: "file:///d/", item: { uri: "file:///d/a.txt", text: "" } }),
    ).toEqual([]);
  });

  it("checks the uri of a read of several items once, when it is given every item's uri", () => {
    const several = { ...base, itemCount: 2, contentUris: ["demo://b", "demo://c"] };
    expect(contentWarnings({ ...several, item: { uri: "demo://b", text: "" } })).toEqual([
      { kind: "uri-mismatch", requested: "demo://a", content: "demo://b" },
    ]);
    expect(contentWarnings({ ...several, index: 1, item: { uri: "demo://c", text: "" } })).toEqual([]);
    expect(
      contentWarnings({
        ...several,
        contentUris: ["demo://c", "demo://a"],
        item: { uri: "demo://c", text: "" },
      }),
    ).toEqual([]);
  });

  it("treats a percent-encoded IRI as the same uri", () => {
    expect(
      contentWarnings({
        ...base,
        requestedUri: "demo://docs/%E6%97%A5.txt",
        item: { uri: "demo://docs/日.txt", text: "" },
      }),
    ).toEqual([]);
  });

  it("reports invalid base64", () => {
    expect(contentWarnings({ ...base, item: { uri: "demo://a", blob: "not*base64!" } })).toEqual([
      { kind: "invalid-base64" },
    ]);
  });
});

describe("checkContent: every rule, for the viewer and the Problems panel", () => {
  it("names a missing mimeType, which the viewer does not show as a warning", () => {
    const input = { ...base, item: { uri: "demo://a", text: "x" } };
    expect(checkContent(input)).toEqual([{ kind: "missing-mime-type" }]);
    expect(contentWarnings(input)).toEqual([]);
    expect(checkContent({ ...input, item: { ...input.item, mimeType: "" } })).toEqual([
      { kind: "missing-mime-type" },
    ]);
  });

  it("trusts no field of an item as a server sent it", () => {
    expect(checkContent({ ...base, item: { uri: 7, mimeType: 1, text: 2 }, listed: { size: 9 } })).toEqual([
      { kind: "missing-mime-type" },
    ]);
  });
});
