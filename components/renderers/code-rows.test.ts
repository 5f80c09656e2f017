import { describe, expect, it } from "vitest";
import { codeRows, type CodeToken } from "./code-rows";

const t = (content: string, type = "plain"): CodeToken => ({ types: [type], content });
const text = (tokens: CodeToken[]) => tokens.map((x) => x.content).join("");

describe("codeRows", () => {
  it("keeps short lines as one row each, numbered", () => {
    const rows = codeRows([[t("let "), t("x", "variable")], [], [t("y")]], 10);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(rows[0]!.tokens).toEqual([t("let "), t("x", "variable")]);
    expect(rows[1]!.tokens).toEqual([]);
  });

  it("cuts a long line into continuation rows, splitting a token where a row ends", () => {
    const line = [t("abcdef", "keyword"), t("ghij"), t("klmnopqrstu", "string")];
    const rows = codeRows([line, [t("end")]], 5);
    expect(rows.map((r) => r.line)).toEqual([1, 0, 0, 0, 0, 2]);
    expect(rows.map((r) => text(r.tokens))).toEqual(["abcde", "fghij", "klmno", "pqrst", "u", "end"]);
    // The pieces keep their token's type, so highlighting survives the cut.
    expect(rows[1]!.tokens).toEqual([t("f", "keyword"), t("ghij")]);
    expect(rows[3]!.tokens).toEqual([t("pqrst", "string")]);
    expect(rows.every((r) => text(r.tokens).length <= 5)).toBe(true);
  });

  it("loses no character of a 123,778-character minified line", () => {
    const tokens = Array.from({ length: 12_378 }, (_, i) => t(`v${i % 10}=1;`.slice(0, 10)));
    const whole = text(tokens);
    const rows = codeRows([tokens]);
    expect(rows.length).toBe(Math.ceil(whole.length / 4_000));
    expect(rows.map((r) => text(r.tokens)).join("")).toBe(whole);
  });
});
