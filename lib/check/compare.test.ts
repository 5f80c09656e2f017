import { describe, expect, it } from "vitest";
import { diffJson } from "../json/diff";
import { compareLists, compareValues, findMatcher, keyed, regexRule } from "./compare";
import { detectVolatile, generalize } from "./volatile";

describe("compareValues", () => {
  it("exact: reports each differing, missing and unexpected path", () => {
    const d = compareValues({ a: 1, b: { c: "x" }, gone: true }, { a: 2, b: { c: "x" }, extra: 1 }, {});
    expect(d.map((m) => [m.path, m.problem])).toEqual([
      ["/a", "different"],
      ["/gone", "missing"],
      ["/extra", "unexpected"],
    ]);
  });

  it("ignore skips a whole subtree", () => {
    expect(compareValues({ a: { t: 1 } }, { a: { t: 2, u: 3 } }, { "/a": { type: "ignore" } })).toEqual([]);
  });

  it("regex must match the whole string", () => {
    const m = { "/t": { type: "regex" as const, pattern: "at \\d+" } };
    expect(compareValues({ t: "at 1" }, { t: "at 42" }, m)).toEqual([]);
    expect(compareValues({ t: "at 1" }, { t: "at 42 later" }, m)[0]?.problem).toBe("no-match");
  });

  it("type-only compares kinds, telling null and arrays apart", () => {
    const m = { "/v": { type: "type" as const } };
    expect(compareValues({ v: "a" }, { v: "b" }, m)).toEqual([]);
    expect(compareValues({ v: [] }, { v: null }, m)[0]?.problem).toBe("wrong-type");
  });

  it("json compares text structurally and names the inner path", () => {
    const m = { "/text": { type: "json" as const } };
    expect(compareValues({ text: '{"a":1,"b":2}' }, { text: '{ "b": 2, "a": 1 }' }, m)).toEqual([]);
    const d = compareValues({ text: '{"a":{"b":1}}' }, { text: '{"a":{"b":2}}' }, m);
    expect(d[0]?.path).toBe("/text#/a/b");
  });

  it("a * token in a matcher path matches any one token", () => {
    expect(findMatcher({ "/items/*/size": { type: "ignore" } }, "/items/demo:~1~1a/size")?.type).toBe(
      "ignore",
    );
    expect(findMatcher({ "/items/*/size": { type: "ignore" } }, "/items/x/y/size")).toBeUndefined();
  });
});

describe("compareValues walks as the watch diff does (one walk, lib/json/diff.ts)", () => {
  it("names the same paths as diffJson, in the same order", () => {
    const before = { server: { name: "demo", "a/b": [80, 443] }, tags: ["a", "b"], gone: 1 };
    const after = { server: { name: "demo2", "a/b": [80] }, tags: ["a", "b", "c"], extra: true };
    const paths = diffJson(before, after).changes.map((c) => c.path);
    expect(paths).toEqual(["/server/name", "/server/a~1b/1", "/tags/2", "/gone", "/extra"]);
    expect(compareValues(before, after, {}).map((m) => m.path)).toEqual(paths);
  });

  it("treats a key whose value is undefined as missing, as JSON does", () => {
    // The check's own walk used to report "/a" missing here; JSON has no undefined.
    expect(compareValues({ a: undefined, b: 1 }, { b: 1 }, {})).toEqual([]);
    expect(compareValues({ b: 1 }, { a: undefined, b: 1 }, {})).toEqual([]);
  });

  it("counts own keys only: a key named like an Object method is missing or unexpected, not different", () => {
    expect(compareValues({ constructor: 1 }, {}, {}).map((m) => [m.path, m.problem])).toEqual([
      ["/constructor", "missing"],
    ]);
    expect(compareValues({}, { toString: "x" }, {}).map((m) => [m.path, m.problem])).toEqual([
      ["/toString", "unexpected"],
    ]);
  });

  it("compares deeply nested values without overflowing the stack", () => {
    const depth = 20_000;
    const expected = JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`) as unknown;
    const actual = JSON.parse(`${"[".repeat(depth)}2${"]".repeat(depth)}`) as unknown;
    const found = compareValues(expected, actual, {});
    expect(found).toHaveLength(1);
    expect(found[0]?.problem).toBe("different");
  });

  it("says which list item is missing or unexpected", () => {
    expect(compareValues([1, 2], [1], {}).map((m) => m.message)).toEqual(["missing item 1: 2"]);
    expect(compareValues([1], [1, "x"], {}).map((m) => m.message)).toEqual(['unexpected item 1: "x"']);
  });

  it("applies a regex even when the value equals the recorded one", () => {
    const m = { "/t": { type: "regex" as const, pattern: "\\d+" } };
    expect(compareValues({ t: "abc" }, { t: "abc" }, m)[0]?.problem).toBe("no-match");
  });

  it("reports a field missing under a regex or type matcher as missing; ignore silences it", () => {
    expect(compareValues({ t: "x" }, {}, { "/t": { type: "regex", pattern: ".*" } })[0]?.problem).toBe(
      "missing",
    );
    expect(compareValues({ t: "x" }, {}, { "/t": { type: "type" } })[0]?.problem).toBe("missing");
    expect(compareValues({}, { t: "x" }, { "/t": { type: "ignore" } })).toEqual([]);
  });
});

describe("regexRule", () => {
  it("matches the whole string, across lines", () => {
    expect(regexRule("a.c").test("a\nc")).toBe(true);
    expect(regexRule("a|b").test("ab")).toBe(false);
    expect(() => regexRule("(")).toThrow(SyntaxError);
  });
});

describe("compareLists", () => {
  const a = { uri: "a://1", name: "one" };
  const b = { uri: "a://2", name: "two" };
  const c = { uri: "a://3", name: "three" };
  const set = { ordered: false, containsAtLeast: false };

  it("as a set, order does not matter", () => {
    expect(compareLists([a, b], [b, a], "uri", set, {})).toEqual([]);
  });

  it("ordered, position matters", () => {
    expect(compareLists([a, b], [b, a], "uri", { ...set, ordered: true }, {}).length).toBeGreaterThan(0);
  });

  it("names the uri of a missing and of an extra item, escaped as a pointer token", () => {
    const d = compareLists([a, b], [a, c], "uri", set, {});
    expect(d.map((m) => [m.path, m.problem])).toEqual([
      ["/items/a:~1~12", "missing"],
      ["/items/a:~1~13", "unexpected"],
    ]);
  });

  it("contains-at-least allows extra items but not missing ones", () => {
    expect(compareLists([a], [a, b, c], "uri", { ...set, containsAtLeast: true }, {})).toEqual([]);
    expect(compareLists([a, b], [a], "uri", { ...set, containsAtLeast: true }, {})).toHaveLength(1);
  });

  it("count ranges bound the list length", () => {
    const d = compareLists(
      [],
      [a, b, c],
      "uri",
      { ...set, containsAtLeast: true, count: { min: 1, max: 2 } },
      {},
    );
    expect(d[0]?.problem).toBe("count");
  });
});

describe("volatile detection", () => {
  it("generalizes strings that differ in digit runs into a regex matching both", () => {
    const p = generalize(
      "Resource 1 created at 2026-11-30T02:00:01.123Z",
      "Resource 1 created at 2026-11-30T02:00:01.456Z",
    )!;
    expect(new RegExp(`^${p}$`).test("Resource 1 created at 2027-01-01T00:00:00.000Z")).toBe(true);
    expect(new RegExp(`^${p}$`).test("Resource 2 deleted")).toBe(false);
  });

  it("marks a differing field with a reason and leaves equal fields exact", () => {
    const v = detectVolatile(
      { t: "tick 1", same: "x", n: 1 },
      { t: "tick 2", same: "x", n: 2 },
      "changed between reads",
    );
    expect(v.map((f) => [f.path, f.matcher.type])).toEqual([
      ["/t", "regex"],
      ["/n", "type"],
    ]);
    expect(v[0]?.matcher).toMatchObject({ reason: "changed between reads" });
  });
});

describe("keyed", () => {
  it("keeps an item whose key is __proto__ or constructor", () => {
    const items = [
      { uri: "__proto__", n: 1 },
      { uri: "constructor", n: 2 },
    ];
    const byUri = keyed(items, "uri");
    expect(Object.keys(byUri)).toEqual(["__proto__", "constructor"]);
    expect(byUri["__proto__"]).toEqual({ uri: "__proto__", n: 1 });
  });
});
