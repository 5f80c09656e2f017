/**
 * The one line-diff renderer, as its two callers use it: the watch view (line numbers, cells
 * named "removed"/"added", which e2e/live.spec.ts looks for) and a check's mismatch (no line
 * numbers, cells named "expected"/"actual").
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { diffText } from "@/lib/json/diff";
import { CHECK_TERMS, LineDiffTable, type LineDiffTableProps } from "./line-diff-table";

const render = (props: LineDiffTableProps) => renderToStaticMarkup(createElement(LineDiffTable, props));
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("");

describe("LineDiffTable", () => {
  const diff = diffText(numbered(12), numbered(12).replace("line 8\n", "line eight\n"));

  it("for versions: a named table, both line numbers, added/removed cells, folded runs", () => {
    const html = render({ diff, label: "Line changes in Content 1" });
    expect(html).toContain('aria-label="Line changes in Content 1"');
    expect(html).toContain('aria-label="removed"');
    expect(html).toContain('aria-label="added"');
    expect(html).toContain('aria-label="context"');
    expect(html).toContain("⋯ 4 unchanged lines");
    expect(html).toContain('colSpan="4"');
    expect(html).toMatch(/<td[^>]*>8<\/td><td[^>]*><\/td><td aria-label="removed"/);
  });

  it("for a check: expected/actual cells, no line numbers", () => {
    const html = render({
      diff,
      label: "Expected and actual /t",
      terms: CHECK_TERMS,
      lineNumbers: false,
      compact: true,
    });
    expect(html).toContain('aria-label="expected"');
    expect(html).toContain('aria-label="actual"');
    expect(html).toContain('aria-label="same"');
    expect(html).not.toContain('aria-label="added"');
    expect(html).toContain('colSpan="2"');
    expect(html).not.toMatch(/<td[^>]*>8<\/td>/);
  });

  it("summarises a diff too large to show in the caller's terms, and says when no line changed", () => {
    const big = diffText(numbered(100), numbered(100).replaceAll("line", "LINE"), { maxEdits: 10 });
    expect(render({ diff: big, label: "x" })).toContain(
      "Too many changes to diff line by line: lines 1–100 (100 before, 100 after) differ.",
    );
    expect(render({ diff: big, label: "x", terms: CHECK_TERMS })).toContain("(100 expected, 100 actual)");
    expect(render({ diff: diffText("a", "a"), label: "x" })).toContain("No line changed.");
    expect(render({ diff: diffText("a\n", "a"), label: "x" })).toContain("no newline at end");
  });
});
