/**
 * The JSON error locator agrees with JSON.parse on what is JSON, and points at the error by line
 * and column so a message never needs the text itself.
 */
import { describe, expect, it } from "vitest";
import { findJsonSyntaxError } from "./json-syntax";

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("findJsonSyntaxError", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const text of [
      "{}",
      "[]",
      ' {"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n\\"", {"b": {}}]}\n',
      '"just a string"',
      "0",
      "[[[[[]]]]]",
    ])
      expect(findJsonSyntaxError(text), text).toBeNull();
  });

  it("gives the line and column of the first error, and what was expected there", () => {
    expect(findJsonSyntaxError("root:x:0:0:root:/root:/bin/bash")).toEqual({
      line: 1,
      column: 1,
      reason: "a value (object, array, string, number, true, false or null) was expected",
    });
    expect(findJsonSyntaxError('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}')).toEqual({
      line: 4,
      column: 3,
      reason: '"," or "}" was expected',
    });
    expect(findJsonSyntaxError('{"a": 1,}')).toMatchObject({ line: 1, column: 9 });
    expect(findJsonSyntaxError('{"a": "line\nbreak"}')).toMatchObject({
      line: 1,
      column: 12,
      reason: "a string contains a raw control character or line break",
    });
    expect(findJsonSyntaxError("[1, 2")).toEqual({
      line: 1,
      column: 6,
      reason: 'the file ends where "," or "]" was expected',
    });
    expect(findJsonSyntaxError("{} {}")).toMatchObject({
      column: 4,
      reason: "there is more after the JSON value",
    });
    expect(findJsonSyntaxError('{"a"\r\n\r\n 1}')).toMatchObject({ line: 3, column: 2 });
    expect(findJsonSyntaxError('["\\x"]')).toMatchObject({
      reason: "a string has an invalid escape sequence",
    });
    expect(findJsonSyntaxError("[01]")).toMatchObject({ column: 3 });
    expect(findJsonSyntaxError("[-]")).toMatchObject({ reason: "a number is malformed" });
  });

  it("handles nesting far deeper than a recursive parser could", () => {
    const deep = "[".repeat(200_000);
    expect(findJsonSyntaxError(deep)).toMatchObject({ line: 1, column: 200_001 });
  });

  it("agrees with JSON.parse on thousands of mutated documents", () => {
    const seed =
      '{"version": 1, "name": "x\\ty", "steps": [{"id": "a", "n": -1.5e3, "ok": true, "z": null}], "e": []}';
    const alphabet = [
      '"',
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      " ",
      "\n",
      "\\",
      "1",
      "-",
      ".",
      "e",
      "t",
      "n",
      "\t",
      "\u0001",
      "u",
    ];
    let state = 12345;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % n;
    };
    for (let k = 0; k < 5_000; k++) {
      let text = seed;
      for (let m = 0; m <= rand(3); m++) {
        const at = rand(text.length + 1);
        const op = rand(3);
        const ch = alphabet[rand(alphabet.length)]!;
        text =
          op === 0
            ? text.slice(0, at) + ch + text.slice(at)
            : op === 1
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + ch + text.slice(at + 1);
      }
      expect(findJsonSyntaxError(text) === null, text).toBe(parses(text));
    }
  });
});
