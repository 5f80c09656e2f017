import { describe, expect, it } from "vitest";
import { indexTextRows, rowText } from "./text-lines";

const rows = (text: string, max?: number) => {
  const r = indexTextRows(text, max);
  return Array.from({ length: r.count }, (_, i) => [r.lineNumbers[i], rowText(text, r, i)]);
};

describe("indexTextRows", () => {
  it("numbers lines from 1, without terminators, a final newline adding no line", () => {
    expect(rows("a\nbb\r\nccc\n")).toEqual([
      [1, "a"],
      [2, "bb"],
      [3, "ccc"],
    ]);
    expect(indexTextRows("a\nb").lines).toBe(2);
  });

  it("keeps empty lines and shows an empty text as one empty line", () => {
    expect(rows("\n\nx")).toEqual([
      [1, ""],
      [2, ""],
      [3, "x"],
    ]);
    expect(rows("")).toEqual([[1, ""]]);
  });

  it("cuts a long line into rows, numbering only the first", () => {
    expect(rows("abcdefg\nhi", 3)).toEqual([
      [1, "abc"],
      [0, "def"],
      [0, "g"],
      [2, "hi"],
    ]);
  });

  it("indexes 10 MB in well under a second", () => {
    const text = "0123456789 lorem ipsum dolor sit amet, consectetur adipiscing elit\n".repeat(150_000);
    const t0 = performance.now();
    const r = indexTextRows(text);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(r.lines).toBe(150_000);
  });
});
