import { describe, expect, it } from "vitest";
import type { ContentDigest } from "@/lib/api/contract";
import { compareVersions, type VersionWithResult } from "./compare-versions";

const digest = (sha: string, isBlob = false): ContentDigest => ({
  uri: "demo://x",
  bytes: 3,
  sha256: sha.repeat(64).slice(0, 64),
  isBlob,
});
const version = (
  n: number,
  contents: VersionWithResult["result"]["contents"],
  digests: ContentDigest[],
): VersionWithResult => ({ version: n, at: n, digests, result: { contents } });

describe("compareVersions", () => {
  it("diffs text against text and says when an item did not change", () => {
    const a = version(
      1,
      [
        { uri: "demo://x", text: "a\n" },
        { uri: "demo://y", text: "same" },
      ],
      [digest("a"), digest("s")],
    );
    const b = version(
      2,
      [
        { uri: "demo://x", text: "b\n" },
        { uri: "demo://y", text: "same" },
      ],
      [digest("b"), digest("s")],
    );
    expect(compareVersions(a, b)).toEqual([
      { kind: "text", index: 0, uri: "demo://x", before: "a\n", after: "b\n" },
      { kind: "same", index: 1, uri: "demo://y", digest: digest("s") },
    ]);
  });

  it("compares blobs by size and sha256, and notes items that appear or disappear", () => {
    const a = version(1, [{ uri: "demo://x", blob: "AAAA" }], [digest("1", true)]);
    const b = version(
      2,
      [
        { uri: "demo://x", blob: "AAAB" },
        { uri: "demo://z", text: "new" },
      ],
      [digest("2", true), digest("3")],
    );
    const changes = compareVersions(a, b);
    expect(changes[0]).toEqual({
      kind: "bytes",
      index: 0,
      uri: "demo://x",
      before: digest("1", true),
      after: digest("2", true),
    });
    expect(changes[1]).toMatchObject({ kind: "added", index: 1, uri: "demo://z" });
    expect(compareVersions(b, a)[1]).toMatchObject({ kind: "removed", uri: "demo://z" });
  });

  it("calls identical blob bytes the same", () => {
    const a = version(1, [{ uri: "demo://x", blob: "AAAA" }], [digest("1", true)]);
    expect(compareVersions(a, { ...a, version: 2 })[0]?.kind).toBe("same");
  });
});
