import { describe, expect, it } from "vitest";
import { describeShape, fitsShape, generalizeUri, inferUriPattern, loosenCount } from "./uri-pattern";

describe("inferUriPattern", () => {
  it("generalizes counters, ISO timestamps, uuids and hex ids, keeping the literal text", () => {
    expect(inferUriPattern(["fixture://added-1", "fixture://added-12"])).toEqual({
      pattern: "fixture://added-\\d+",
    });
    const ts = inferUriPattern([
      "feed://item/2026-11-30T23:59:59.123Z",
      "feed://item/2026-12-01T00:00:00.4Z",
    ]);
    expect("pattern" in ts && fitsShape(ts, "feed://item/2027-01-02T03:04:05.678Z")).toBe(true);
    expect("pattern" in ts && fitsShape(ts, "feed://other/2027-01-02T03:04:05.678Z")).toBe(false);
    const id = inferUriPattern(["obj://x/3f2a9c1e-0b7d-4e2f-9a61-5c8d7e6f1a2b"]);
    expect(fitsShape(id, "obj://x/00000000-aaaa-4bbb-8ccc-123456789abc")).toBe(true);
    expect(generalizeUri("git://commit/9fceb02d0ae598e95dc970b74767f19372d61af8")).toBe(
      "git://commit/[0-9a-fA-F]+",
    );
  });

  it("keeps digits inside a word literal: they name the thing, they do not count it", () => {
    expect(generalizeUri("demo://dynamic/e2e-recorded")).toBe("demo://dynamic/e2e-recorded");
    expect(generalizeUri("demo://item42/v2api/7")).toBe("demo://item\\d+/v2api/\\d+");
  });

  it("prefers a listed RFC 6570 template that matches every uri", () => {
    expect(inferUriPattern(["demo://r/1", "demo://r/abc"], ["other://{x}", "demo://r/{id}"])).toEqual({
      uriTemplate: "demo://r/{id}",
    });
  });

  it("falls back to the common prefix and suffix when the uris do not share a generalized form", () => {
    const p = inferUriPattern(["fixture://added-a.txt", "fixture://added-bb.txt"]);
    expect(p).toEqual({ pattern: "fixture://added-.+\\.txt" });
  });

  it("the pattern of added-N does not fit other-N: a regression is not hidden", () => {
    const shape = { count: { min: 1 }, examples: [], ...inferUriPattern(["fixture://added-1"]) };
    expect(fitsShape(shape, "fixture://added-9")).toBe(true);
    expect(fitsShape(shape, "fixture://other-9")).toBe(false);
    expect(describeShape(shape)).toBe("at least 1 URI matching /fixture://added-\\d+/");
  });

  it("loosens a seen count to half, at least one, with no upper bound", () => {
    expect(loosenCount(8)).toEqual({ min: 4 });
    expect(loosenCount(1)).toEqual({ min: 1 });
  });
});
