import { describe, expect, it } from "vitest";
import { diffLists, isEmptyDiff, stableStringify } from "./list-diff";

const byUri = (r: { uri: string }) => r.uri;

describe("diffLists", () => {
  it("treats a reordered list as unchanged", () => {
    const a = [
      { uri: "a://1", name: "one" },
      { uri: "a://2", name: "two" },
    ];
    expect(isEmptyDiff(diffLists(a, [...a].reverse(), byUri))).toBe(true);
  });

  it("reports added, removed and metadata-changed uris", () => {
    const before = [
      { uri: "a://keep", name: "k" },
      { uri: "a://gone", name: "g" },
      { uri: "a://edit", name: "e", size: 1 },
    ];
    const after = [
      { uri: "a://edit", name: "e", size: 2 },
      { uri: "a://keep", name: "k" },
      { uri: "a://new", name: "n" },
    ];
    expect(diffLists(before, after, byUri)).toEqual({
      added: ["a://new"],
      removed: ["a://gone"],
      changed: ["a://edit"],
    });
  });

  it("ignores key order inside items", () => {
    const d = diffLists(
      [{ uri: "a://x", name: "x", title: "X" }],
      [{ title: "X", name: "x", uri: "a://x" }],
      byUri,
    );
    expect(isEmptyDiff(d)).toBe(true);
  });

  it("counts a uri listed twice once", () => {
    const d = diffLists([], [{ uri: "a://x" }, { uri: "a://x" }], byUri);
    expect(d.added).toEqual(["a://x"]);
  });
});

describe("stableStringify", () => {
  it("sorts nested object keys but keeps array order", () => {
    expect(stableStringify({ b: 1, a: { d: [2, 1], c: 0 } })).toBe('{"a":{"c":0,"d":[2,1]},"b":1}');
  });
});
