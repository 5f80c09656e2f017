import { describe, expect, it } from "vitest";
import { contentWarnings } from "./content-warnings";

const base = { requestedUri: "demo://a", index: 0, itemCount: 1 };

describe("contentWarnings: listed vs actual metadata", () => {
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
