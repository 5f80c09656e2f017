import { describe, expect, it } from "vitest";
import { diffJson, diffText, tryDiffJsonText, walkJson } from "./diff";
import type { JsonChange } from "./diff";
import type { LineDiffRow } from "./diff";

/** "line 1\n" … "line n\n". */
function numbered(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `line ${i + 1}\n`);
}

/** The rows in a compact form that reads like a unified diff: " 3 3 text", "-4 text", "+4 text", "… 5". */
function render(rows: readonly LineDiffRow[]): string[] {
  return rows.map((row) => {
    const eol = "noNewlineAtEnd" in row && row.noNewlineAtEnd ? " ⏎̸" : "";
    switch (row.kind) {
      case "context":
        return ` ${row.oldLine} ${row.newLine} ${row.text}${eol}`;
      case "removed":
        return `-${row.oldLine} ${row.text}${eol}`;
      case "added":
        return `+${row.newLine} ${row.text}${eol}`;
      case "gap":
        return `… ${row.hidden} @${row.oldLine},${row.newLine}`;
    }
  });
}

describe("diffText", () => {
  it("returns no rows and no changes for identical inputs, even huge ones", () => {
    expect(diffText("a\nb\n", "a\nb\n")).toEqual({ rows: [], added: 0, removed: 0, truncated: false });
    const huge = "x".repeat(5_000_000);
    expect(diffText(huge, huge.slice(0))).toMatchObject({ rows: [], truncated: false });
  });

  it("shows a single changed line with 3 lines of context and gaps for the rest", () => {
    const before = numbered(20).join("");
    const after = before.replace("line 10\n", "line ten\n");
    const result = diffText(before, after);
    expect(result).toMatchObject({ added: 1, removed: 1, truncated: false });
    expect(render(result.rows)).toEqual([
      "… 6 @1,1",
      " 7 7 line 7",
      " 8 8 line 8",
      " 9 9 line 9",
      "-10 line 10",
      "+10 line ten",
      " 11 11 line 11",
      " 12 12 line 12",
      " 13 13 line 13",
      "… 7 @14,14",
    ]);
  });

  it("honours the context option, including 0", () => {
    const before = numbered(10).join("");
    const after = before.replace("line 5\n", "line five\n");
    expect(render(diffText(before, after, { context: 1 }).rows)).toEqual([
      "… 3 @1,1",
      " 4 4 line 4",
      "-5 line 5",
      "+5 line five",
      " 6 6 line 6",
      "… 4 @7,7",
    ]);
    expect(render(diffText(before, after, { context: 0 }).rows)).toEqual([
      "… 4 @1,1",
      "-5 line 5",
      "+5 line five",
      "… 5 @6,6",
    ]);
  });

  it("keeps unchanged lines between two nearby changes and collapses a long run between far ones", () => {
    const lines = numbered(30);
    const near = [...lines];
    near[4] = "five\n";
    near[9] = "ten\n"; // 4 unchanged lines between: within 2 × 3 context, so all shown
    expect(render(diffText(lines.join(""), near.join("")).rows)).not.toContainEqual(
      expect.stringMatching(/^… \d+ @[5-9],/),
    );
    const far = [...lines];
    far[1] = "two\n";
    far[25] = "twenty-six\n";
    const rows = render(diffText(lines.join(""), far.join("")).rows);
    // Lines 6..22 are more than 3 lines from both changes; so is line 30, after the last one.
    expect(rows.filter((row) => row.startsWith("…"))).toEqual(["… 17 @6,6", "… 1 @30,30"]);
  });

  it("numbers added lines at the start and removed lines at the end", () => {
    const lines = numbered(10);
    const after = ["new first\n", "new second\n", ...lines.slice(0, 8)].join("");
    const result = diffText(lines.join(""), after);
    expect(result).toMatchObject({ added: 2, removed: 2 });
    expect(render(result.rows)).toEqual([
      "+1 new first",
      "+2 new second",
      " 1 3 line 1",
      " 2 4 line 2",
      " 3 5 line 3",
      "… 2 @4,6",
      " 6 8 line 6",
      " 7 9 line 7",
      " 8 10 line 8",
      "-9 line 9",
      "-10 line 10",
    ]);
  });

  it("diffs from and to an empty text", () => {
    expect(render(diffText("", "a\nb\n").rows)).toEqual(["+1 a", "+2 b"]);
    expect(diffText("a\nb", "")).toMatchObject({ added: 0, removed: 2 });
  });

  it("shows a trailing newline added or removed as a pair that differs by noNewlineAtEnd", () => {
    expect(render(diffText("a\nb", "a\nb\n").rows)).toEqual([" 1 1 a", "-2 b ⏎̸", "+2 b"]);
    expect(render(diffText("a\nb\n", "a\nb").rows)).toEqual([" 1 1 a", "-2 b", "+2 b ⏎̸"]);
    // An unchanged last line without a newline is context, flagged too.
    expect(render(diffText("a\nz", "b\nz").rows)).toEqual(["-1 a", "+1 b", " 2 2 z ⏎̸"]);
  });

  it("strips CRLF terminators from the row text", () => {
    expect(render(diffText("a\r\nb\r\n", "a\r\nc\r\n").rows)).toEqual([" 1 1 a", "-2 b", "+2 c"]);
  });

  it("finds a line boundary when the common suffix starts mid-line", () => {
    // "ab\n" → "b\n" shares "b\n" at the end, but not a whole line.
    expect(render(diffText("x\nab\ny\n", "x\nb\ny\n").rows)).toEqual([" 1 1 x", "-2 ab", "+2 b", " 3 3 y"]);
  });

  it("diffs a small edit inside an input far above maxBytes, cheaply", () => {
    const lines = numbered(200_000); // ~2.5 MB per version
    const before = lines.join("");
    const edited = [...lines];
    edited[100_000] = "changed\n";
    const started = performance.now();
    const result = diffText(before, edited.join(""), { maxBytes: 1_000_000 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({ added: 1, removed: 1, truncated: false });
    expect(result.rows[0]).toEqual({ kind: "gap", oldLine: 1, newLine: 1, hidden: 99_997 });
    expect(result.rows.at(-1)).toEqual({ kind: "gap", oldLine: 100_005, newLine: 100_005, hidden: 99_996 });
  });

  it("truncates with a summary of the differing region when it exceeds maxBytes", () => {
    const before = `same\n${"a\n".repeat(600_000)}tail\n`;
    const after = `same\n${"b\n".repeat(600_000)}tail\n`;
    const result = diffText(before, after); // 2.4 MB differing: above the 2 MB default
    expect(result).toEqual({
      rows: [],
      added: 600_000,
      removed: 600_000,
      truncated: true,
      skipped: {
        reason: "too-large",
        oldLine: 2,
        oldLines: 600_000,
        newLine: 2,
        newLines: 600_000,
        bytes: 2_400_000,
      },
    });
  });

  it("counts UTF-8 bytes, not characters, against maxBytes", () => {
    expect(diffText("é\n", "è\n", { maxBytes: 6 }).truncated).toBe(false);
    expect(diffText("é\n", "è\n", { maxBytes: 5 }).skipped).toMatchObject({ reason: "too-large", bytes: 6 });
  });

  it("truncates when the texts need more than maxEdits line edits", () => {
    const before = numbered(100).join("");
    const after = before.replaceAll("line", "LINE");
    expect(diffText(before, after, { maxEdits: 50 })).toMatchObject({
      rows: [],
      truncated: true,
      skipped: { reason: "too-many-edits", oldLine: 1, oldLines: 100, newLines: 100 },
    });
    expect(diffText(before, after, { maxEdits: 200 })).toMatchObject({
      added: 100,
      removed: 100,
      truncated: false,
    });
  });

  it("stays fast on two large, completely different texts", () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `a ${i}\n`).join("");
    const after = Array.from({ length: 20_000 }, (_, i) => `b ${i}\n`).join("");
    const started = performance.now();
    expect(diffText(before, after)).toMatchObject({ truncated: true, skipped: { reason: "too-many-edits" } });
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("diffJson", () => {
  it("finds no changes between equal values, whatever the key order", () => {
    expect(diffJson({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toEqual({
      changes: [],
      truncated: false,
    });
    expect(diffJson(0, -0).changes).toEqual([]);
  });

  it("reports nested changes with JSON Pointer paths, in document order", () => {
    const before = { server: { name: "demo", ports: [80, 443] }, tags: ["a"] };
    const after = { server: { name: "demo2", ports: [80, 8443] }, tags: ["a"], extra: true };
    expect(diffJson(before, after).changes).toEqual([
      { kind: "changed", path: "/server/name", before: "demo", after: "demo2" },
      { kind: "changed", path: "/server/ports/1", before: 443, after: 8443 },
      { kind: "added", path: "/extra", after: true },
    ]);
  });

  it("compares arrays by index: growth adds and shrinkage removes at the end", () => {
    expect(diffJson([1, 2], [1, 2, 3, [4]]).changes).toEqual([
      { kind: "added", path: "/2", after: 3 },
      { kind: "added", path: "/3", after: [4] },
    ]);
    expect(diffJson({ list: [1, 2, 3] }, { list: [1] }).changes).toEqual([
      { kind: "removed", path: "/list/1", before: 2 },
      { kind: "removed", path: "/list/2", before: 3 },
    ]);
  });

  it("reports a change of type as one change, not a change per member", () => {
    expect(diffJson({ a: { x: 1, y: 2 } }, { a: [1, 2] }).changes).toEqual([
      { kind: "changed", path: "/a", before: { x: 1, y: 2 }, after: [1, 2] },
    ]);
    expect(diffJson({ a: 1 }, { a: "1" }).changes).toEqual([
      { kind: "changed", path: "/a", before: 1, after: "1" },
    ]);
    expect(diffJson([1], { 0: 1 }).changes).toEqual([
      { kind: "changed", path: "", before: [1], after: { 0: 1 } },
    ]);
  });

  it("distinguishes null from a missing key, and treats undefined as missing", () => {
    expect(diffJson({ a: null }, {}).changes).toEqual([{ kind: "removed", path: "/a", before: null }]);
    expect(diffJson({}, { a: null }).changes).toEqual([{ kind: "added", path: "/a", after: null }]);
    expect(diffJson({ a: null }, { a: 0 }).changes).toEqual([
      { kind: "changed", path: "/a", before: null, after: 0 },
    ]);
    expect(diffJson({ a: undefined, b: 1 }, { b: 1 }).changes).toEqual([]);
    expect(diffJson(undefined, { a: 1 }).changes).toEqual([{ kind: "added", path: "", after: { a: 1 } }]);
  });

  it("escapes ~ and / in keys (RFC 6901) and keeps empty and numeric-looking keys distinct", () => {
    expect(diffJson({ "a/b": { "~c": 1 }, "": 1 }, { "a/b": { "~c": 2 }, "": 2 }).changes).toEqual([
      { kind: "changed", path: "/a~1b/~0c", before: 1, after: 2 },
      { kind: "changed", path: "/", before: 1, after: 2 },
    ]);
    expect(diffJson({ "~1": 1 }, {}).changes).toEqual([{ kind: "removed", path: "/~01", before: 1 }]);
  });

  it("stops at maxChanges and says so", () => {
    const before = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, -i - 1]));
    const result = diffJson(before, after);
    expect(result.truncated).toBe(true);
    expect(result.changes).toHaveLength(500);
    expect(result.changes[0]).toEqual({ kind: "changed", path: "/k0", before: 0, after: -1 });
    expect(diffJson(before, after, { maxChanges: 3 }).changes.map((c) => c.path)).toEqual([
      "/k0",
      "/k1",
      "/k2",
    ]);
    // Exactly maxChanges changes is not truncated.
    expect(diffJson({ a: 1, b: 2 }, { a: 2, b: 3 }, { maxChanges: 2 }).truncated).toBe(false);
  });

  it("handles deeply nested documents without overflowing the stack", () => {
    const depth = 50_000;
    const before = JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`) as unknown;
    const after = JSON.parse(`${"[".repeat(depth)}2${"]".repeat(depth)}`) as unknown;
    const { changes } = diffJson(before, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: "changed", before: 1, after: 2 });
    // Compared as a boolean: a failing 100 KB string would flood the report.
    expect(changes[0]?.path === "/0".repeat(depth)).toBe(true);
  });
});

describe("walkJson", () => {
  it("starts paths at options.path and lets intercept take a path and everything below it", () => {
    const seen: [string, unknown, unknown][] = [];
    const changes: [JsonChange, boolean][] = [];
    walkJson(
      { a: { x: 1 }, b: [1, 2] },
      { a: { x: 2 }, b: [1] },
      (change, inArray) => {
        changes.push([change, inArray]);
      },
      {
        path: "/items",
        intercept: (path, before, after) => {
          seen.push([path, before, after]);
          return path === "/items/a";
        },
      },
    );
    expect(changes).toEqual([[{ kind: "removed", path: "/items/b/1", before: 2 }, true]]);
    // Asked at every path, a missing side as undefined; never below a path it took.
    expect(seen.map(([path]) => path)).toEqual([
      "/items",
      "/items/a",
      "/items/b",
      "/items/b/0",
      "/items/b/1",
    ]);
    expect(seen.at(-1)).toEqual(["/items/b/1", 2, undefined]);
  });

  it("stops when onChange returns false", () => {
    const paths: string[] = [];
    walkJson({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, (change) => {
      paths.push(change.path);
      return paths.length < 2;
    });
    expect(paths).toEqual(["/a", "/b"]);
  });
});

describe("tryDiffJsonText", () => {
  it("diffs two JSON texts structurally, ignoring formatting and key order", () => {
    expect(tryDiffJsonText('{"a":1,"b":[1,2]}', '{\n  "b": [1, 2],\n  "a": 1\n}\n')).toEqual({
      changes: [],
      truncated: false,
    });
    expect(tryDiffJsonText('{"a":1}', '{"a":2}')?.changes).toEqual([
      { kind: "changed", path: "/a", before: 1, after: 2 },
    ]);
  });

  it("returns null when either text is not JSON", () => {
    expect(tryDiffJsonText("{", "{}")).toBeNull();
    expect(tryDiffJsonText("{}", "hello")).toBeNull();
    expect(tryDiffJsonText("", "")).toBeNull();
  });
});
