import { describe, expect, it } from "vitest";
import type { Capture } from "@/lib/capture/format";
import { againstBudget } from "./against";

const taken = (all: boolean, maxBytes: number): Pick<Capture, "budget"> => ({
  budget: { all, maxBytes, usedBytes: 0, skipped: [] },
});

describe("againstBudget: the live side is read the way the capture was taken", () => {
  it("a capture taken with 'capture all' makes the live side read everything under its byte budget", () => {
    expect(againstBudget(taken(true, 1234))).toEqual({ all: true, maxBytes: 1234 });
  });

  it("a capture of the user's reads only: the live side reads those, under the default budget", () => {
    expect(againstBudget(taken(false, 1234))).toEqual({});
    expect(againstBudget(undefined)).toEqual({});
  });

  it("what the caller asks for wins: `all` adds reading everything, `maxBytes` replaces the budget", () => {
    expect(againstBudget(taken(false, 1234), { all: true })).toEqual({ all: true });
    expect(againstBudget(taken(true, 1234), { maxBytes: 99 })).toEqual({ all: true, maxBytes: 99 });
    expect(againstBudget(undefined, { all: true, maxBytes: 99 })).toEqual({ all: true, maxBytes: 99 });
  });
});
