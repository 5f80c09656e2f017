/**
 * The JSON error locator agrees with JSON.parse on what is JSON, and points at the error by line
 * and column so a message never needs the text itself; the same scanner reads JSONC with the
 * position of every value.
 */
import { describe, expect, it } from "vitest";
import { startsWithJsoncObject } from "./json-gap";
import { findJsonError, findJsonSyntaxError, parseJsonWithPositions } from "./json-scan";

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

  it.each([
    [
      "root:x:0:0:root:/root:/bin/bash",
      {
        line: 1,
        column: 1,
        reason: "a value (object, array, string, number, true, false or null) was expected",
      },
    ],
    ['{\n  "a": 1,\n  "b": 2\n  "c": 3\n}', { line: 4, column: 3, reason: '"," or "}" was expected' }],
    ['{"a": 1,}', { line: 1, column: 9 }],
    [
      '{"a": "line\nbreak"}',
      { line: 1, column: 12, reason: "a string contains a raw control character or line break" },
    ],
    ["[1, 2", { line: 1, column: 6, reason: 'the file ends where "," or "]" was expected' }],
    ["{} {}", { column: 4, reason: "there is more after the JSON value" }],
    ['{"a"\r\n\r\n 1}', { line: 3, column: 2 }],
    ['["\\x"]', { reason: "a string has an invalid escape sequence" }],
    ["[01]", { column: 3 }],
    ["[-]", { reason: "a number is malformed" }],
  ])("gives the line and column of the first error in %j, and what was expected there", (text, expected) => {
    expect(findJsonSyntaxError(text)).toMatchObject(expected);
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

describe("JSONC (pasted server configs)", () => {
  const jsonc = { jsonc: true };

  it("accepts comments, trailing commas and any white space, and gives each value's offset by path", () => {
    const text = '\uFEFF{ // servers\n  "a": [1, /* two */ "x",],\n  "b": {"c": null,},\n}';
    const parsed = parseJsonWithPositions(text, jsonc);
    expect(parsed).toEqual({
      value: { a: [1, "x"], b: { c: null } },
      at: new Map([
        ["", 1],
        ["a", text.indexOf("[")],
        ["a[0]", text.indexOf("1")],
        ["a[1]", text.indexOf('"x"')],
        ["b", text.indexOf('{"c"')],
        ["b.c", text.indexOf("null")],
      ]),
    });
  });

  it("is strict JSON without the option: comments and trailing commas are errors", () => {
    expect(findJsonError("[1,]")).toEqual({
      offset: 3,
      reason: "a value (object, array, string, number, true, false or null) was expected",
    });
    expect(findJsonError("[1,]", jsonc)).toBeNull();
    expect(findJsonError("// x\n{}")?.offset).toBe(0);
    expect(findJsonError("{} /* not closed", jsonc)).toEqual({
      offset: 3,
      reason: "a comment is not closed",
    });
    expect(findJsonError("[,]", jsonc)?.reason).toMatch(/a value .* was expected/);
  });

  it("keeps a __proto__ key as an own property, as JSON.parse does", () => {
    const parsed = parseJsonWithPositions('{"__proto__": {"polluted": true}}', jsonc);
    expect("value" in parsed && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect("value" in parsed && parsed.value).toEqual(JSON.parse('{"__proto__": {"polluted": true}}'));
  });

  it("refuses nesting deeper than maxDepth where the deeper value starts", () => {
    expect(findJsonError("[[1]]", { maxDepth: 2 })).toEqual({
      offset: 2,
      reason: "nested more than 2 levels deep",
    });
    expect(findJsonError("[[]]", { maxDepth: 2 })).toBeNull();
  });

  it("builds the same value as JSON.parse for thousands of mutated documents that parse", () => {
    const seed = '{"a": [1, -2.5e3, "x\\u00e9", true, null, {"b": {}}], "c": "\\n"}';
    let state = 7;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % n;
    };
    let compared = 0;
    for (let k = 0; k < 2_000; k++) {
      const at = rand(seed.length + 1);
      const text = seed.slice(0, at) + " ,[]{}:1"[rand(8)] + seed.slice(at + rand(2));
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch {
        continue;
      }
      compared++;
      const parsed = parseJsonWithPositions(text);
      expect("value" in parsed && parsed.value, text).toEqual(expected);
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe("startsWithJsoncObject (a paste: a config or a command line?)", () => {
  it("passes a byte order mark, white space and comments before the object (VS Code's mcp.json)", () => {
    for (const text of [
      '{"servers": {}}',
      '// My servers\n{"servers": {}}',
      "\uFEFF// a BOM, then a comment\r\n{}",
      "/* block\n comment */ // and a line\n\n  {",
      "\n\t /**/{",
    ])
      expect(startsWithJsoncObject(text), JSON.stringify(text)).toBe(true);
  });

  it("is false for a command line, a URL, a comment with nothing after it, or one not closed", () => {
    for (const text of [
      "npx -y @modelcontextprotocol/server-everything",
      "//usr/bin/node server.js",
      "http://127.0.0.1:3001/mcp",
      "// only a comment",
      "/* not closed {",
      "[1, 2]",
      "",
    ])
      expect(startsWithJsoncObject(text), JSON.stringify(text)).toBe(false);
  });
});
