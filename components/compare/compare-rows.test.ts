import { describe, expect, it } from "vitest";
import { compareStates } from "@/lib/capture/compare";
import { compareEntries, mismatchRows } from "./compare-rows";

const card = { name: "s", capabilities: {} };

describe("compareEntries", () => {
  it("lists each differing URI once: listing changes first, then contents that differ only by read", () => {
    const diff = compareStates(
      {
        server: card,
        resources: [
          { uri: "x://gone", name: "gone" },
          { uri: "x://meta", name: "m", mimeType: "text/plain" },
          { uri: "x://body", name: "b" },
        ],
        templates: [{ uriTemplate: "x://t/{id}", name: "t" }],
        reads: [
          { uri: "x://meta", result: { contents: [{ uri: "x://meta", text: "1" }] } },
          { uri: "x://body", result: { contents: [{ uri: "x://body", text: "1" }] } },
        ],
      },
      {
        server: card,
        resources: [
          { uri: "x://new", name: "new" },
          { uri: "x://meta", name: "m", mimeType: "text/markdown" },
          { uri: "x://body", name: "b" },
        ],
        templates: [],
        reads: [
          { uri: "x://meta", result: { contents: [{ uri: "x://meta", text: "2" }] } },
          { uri: "x://body", result: { contents: [{ uri: "x://body", text: "2" }] } },
        ],
      },
    );
    expect(compareEntries(diff)).toEqual([
      { area: "resource", key: "x://new", kind: "added", contentDiffers: false },
      { area: "resource", key: "x://gone", kind: "removed", contentDiffers: false },
      { area: "resource", key: "x://meta", kind: "changed", contentDiffers: true },
      { area: "resource", key: "x://body", kind: "content", contentDiffers: true },
      { area: "template", key: "x://t/{id}", kind: "removed", contentDiffers: false },
    ]);
  });
});

describe("mismatchRows", () => {
  it("maps missing → removed, unexpected → added, others → changed, paths below the base", () => {
    const rows = mismatchRows(
      [
        { path: "/r/a/x", problem: "missing", expected: 1, message: "" },
        { path: "/r/a/y", problem: "unexpected", actual: 2, message: "" },
        { path: "/r/a/z", problem: "different", expected: 3, actual: 4, message: "" },
      ],
      "/r/a",
    );
    expect(rows.changes).toEqual([
      { kind: "removed", path: "/x", before: 1 },
      { kind: "added", path: "/y", after: 2 },
      { kind: "changed", path: "/z", before: 3, after: 4 },
    ]);
  });
});
