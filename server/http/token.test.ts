import { describe, expect, it } from "vitest";
import { authorized, bearerToken, tokenMatches } from "./token";

describe("bearerToken", () => {
  it.each([
    ["Bearer abc", "abc"],
    ["bearer abc", "abc"],
    ["  Bearer \tabc  ", "abc"],
    ["Bearer", null],
    ["Bearer a b", null],
    ["Basic abc", null],
    ["abc", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%j → %j", (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe("authorized", () => {
  it("only the expected token in an Authorization: Bearer header", () => {
    expect(authorized("Bearer s3cret", "s3cret")).toBe(true);
    expect(authorized("Bearer s3cret-", "s3cret")).toBe(false);
    expect(authorized("Bearer s3cre", "s3cret")).toBe(false);
    expect(authorized("s3cret", "s3cret")).toBe(false);
    expect(authorized(null, "s3cret")).toBe(false);
  });

  it("fails closed when no token is configured", () => {
    expect(authorized("Bearer ", "")).toBe(false);
    expect(authorized("Bearer anything", null)).toBe(false);
    expect(authorized("Bearer anything", undefined)).toBe(false);
  });

  it("tokenMatches compares whole values of any length", () => {
    expect(tokenMatches("a", "a")).toBe(true);
    expect(tokenMatches("a", "a".repeat(2))).toBe(false);
    expect(tokenMatches("", "")).toBe(true);
  });
});
