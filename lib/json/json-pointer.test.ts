import { describe, expect, it } from "vitest";
import { escapeToken, joinPointer, parsePointer, unescapeToken, valueAt } from "./json-pointer";

describe("JSON Pointer (RFC 6901)", () => {
  it("escapes ~ as ~0 and / as ~1, so every key round-trips", () => {
    for (const key of ["", "a/b", "~", "~1", "~01", "/~/", "demo://a", "m~n"]) {
      expect(unescapeToken(escapeToken(key))).toBe(key);
    }
    expect(escapeToken("a/b~c")).toBe("a~1b~0c");
    expect(escapeToken(3)).toBe("3");
  });

  it("unescapes ~1 before ~0, so ~01 is the key ~1 and not / (§4)", () => {
    expect(unescapeToken("~01")).toBe("~1");
    expect(unescapeToken("~10")).toBe("/0");
  });

  it("joins and parses pointers, with the empty string for the whole value", () => {
    expect(joinPointer(joinPointer("", "items"), "demo://a")).toBe("/items/demo:~1~1a");
    expect(parsePointer("/items/demo:~1~1a/name")).toEqual(["items", "demo://a", "name"]);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/")).toEqual([""]);
    expect(parsePointer("items")).toBeNull();
  });

  it("finds the value a pointer refers to, own keys only", () => {
    const doc = { "a/b": [{ "~": 1 }], "": "empty", n: null };
    expect(valueAt(doc, "")).toBe(doc);
    expect(valueAt(doc, "/a~1b/0/~0")).toBe(1);
    expect(valueAt(doc, "/")).toBe("empty");
    expect(valueAt(doc, "/n")).toBeNull();
    expect(valueAt(doc, "/n/x")).toBeUndefined();
    expect(valueAt(doc, "/a~1b/1")).toBeUndefined();
    expect(valueAt({}, "/constructor")).toBeUndefined();
    expect(valueAt([1], "/length")).toBeUndefined();
    expect(valueAt([1, 2], "/01")).toBeUndefined();
    expect(valueAt(doc, "a~1b")).toBeUndefined();
  });
});
