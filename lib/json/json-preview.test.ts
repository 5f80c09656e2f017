import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPreview } from "./json-preview";

describe("jsonPreview", () => {
  it("is JSON.stringify's start, cut one past the limit, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 200 }), (value, limit) => {
        expect(jsonPreview(value, limit)).toBe(JSON.stringify(value).slice(0, limit + 1));
      }),
      { numRuns: 500 },
    );
  });

  it("writes what JSON.stringify writes for undefined members, toJSON and top-level oddities", () => {
    const value = { a: undefined, b: [undefined, () => 1], c: new Date(0), d: NaN };
    expect(jsonPreview(value, 1_000)).toBe(JSON.stringify(value));
    expect(jsonPreview(undefined, 10)).toBe("undefined");
  });

  it("costs a loop, not the call stack, on a value nested 100,000 deep, and reads only what it shows", () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonPreview(deep, 120)).toBe("[".repeat(121));
    const wide = Array.from({ length: 1_000_000 }, (_, i) => i);
    const t0 = performance.now();
    expect(jsonPreview(wide, 20)).toBe("[0,1,2,3,4,5,6,7,8,9,");
    expect(performance.now() - t0).toBeLessThan(500);
    expect(jsonPreview("x".repeat(10_000_000), 5)).toBe('"xxxxx');
  });
});
