import { describe, expect, it } from "vitest";
import { describeHints, freshness, freshUntil, hasHints, hintsOf } from "./cache-hints";

const AT = Date.UTC(2026, 7, 1, 12, 0, 0);

describe("hintsOf: a result's cache hints, checked as received", () => {
  it("keeps valid hints with the time the answer arrived", () => {
    expect(hintsOf({ ttlMs: 5_000, cacheScope: "public", contents: [] }, AT)).toEqual({
      ttlMs: 5_000,
      cacheScope: "public",
      receivedAt: AT,
    });
  });

  it("gives nothing for a result without hints (every legacy-era result)", () => {
    expect(hintsOf({ contents: [] }, AT)).toEqual({});
    expect(hintsOf(null, AT)).toEqual({});
    expect(hintsOf("text", AT)).toEqual({});
  });

  it.each([
    [-5, "ttlMs -5 is not a number of milliseconds ≥ 0"],
    ["soon", 'ttlMs "soon" is not a number'],
    [{ a: 1 }, "ttlMs a value of type object is not"],
    [[1], "ttlMs an array is not"],
    [null, "ttlMs null is not"],
  ])("ttlMs %j is left out and said as received", (ttlMs, note) => {
    const h = hintsOf({ ttlMs, cacheScope: "private" }, AT);
    expect(h.ttlMs).toBeUndefined();
    expect(h.cacheScope).toBe("private");
    expect(h.hintNotes?.[0]).toContain(note);
    expect(hasHints(h)).toBe(true);
  });

  it("an unknown cacheScope is left out with a note; a huge one is clipped in the note", () => {
    const h = hintsOf({ ttlMs: 0, cacheScope: "x".repeat(100_000) }, AT);
    expect(h).toMatchObject({ ttlMs: 0, receivedAt: AT });
    expect(h.cacheScope).toBeUndefined();
    expect(h.hintNotes?.[0]?.length).toBeLessThan(200);
    expect(h.hintNotes?.[0]).toContain('is neither "public" nor "private"');
  });
});

describe("fresh until", () => {
  it("is the arrival plus ttlMs, said as fresh before and stale after", () => {
    const h = hintsOf({ ttlMs: 60_000 }, AT);
    expect(freshUntil(h)).toBe(AT + 60_000);
    expect(freshness(h, AT + 1_000)).toMatch(/^fresh until \d\d:\d\d:\d\d$/);
    expect(freshness(h, AT + 60_001)).toMatch(/^stale since \d\d:\d\d:\d\d$/);
  });

  it("ttlMs 0 is stale at once; a ttlMs past any date never crashes", () => {
    expect(freshness(hintsOf({ ttlMs: 0 }, AT), AT)).toMatch(/^stale since/);
    const far = hintsOf({ ttlMs: 1e300 }, AT);
    expect(freshUntil(far)).toBeNull();
    expect(freshness(far, AT)).toBe("fresh beyond any date");
    expect(freshness(hintsOf({ cacheScope: "public" }, AT), AT)).toBeNull();
  });

  it("describes hints in one line", () => {
    expect(describeHints({ ttlMs: 5_000, cacheScope: "public" })).toBe("ttlMs 5,000 · cacheScope public");
    expect(describeHints({ ttlMs: 0 })).toBe("ttlMs 0 (stale at once)");
  });
});
