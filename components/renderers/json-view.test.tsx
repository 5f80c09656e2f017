import { getDefaultNormalizer, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withViewport } from "@/components/testing/layout";
import { JsonView } from "./json-view";

// Raw and pretty views are virtualized line lists: give them a viewport to render into.
withViewport(800, 600);

function view(text: string) {
  render(<JsonView text={text} actions={null} />);
  return { user: userEvent.setup(), tree: screen.getByRole("list", { name: "JSON tree" }) };
}

/** A fold button's visible text, without its (aria-hidden) disclosure triangle. */
const shown = (button: HTMLElement) => button.textContent?.replace(/^▸/, "");

/** The fold button of the object or array under `key` ("key" for objects, index for arrays). */
function fold(key: string) {
  const button = screen
    .getAllByRole("button")
    .find((b) => b.hasAttribute("aria-expanded") && shown(b)?.startsWith(`${key}: `));
  if (!button) throw new Error(`no fold button for ${key}`);
  return button;
}

describe("JsonView tree", () => {
  it("opens the first two levels and folds deeper values to a summary", () => {
    const { tree } = view(
      JSON.stringify({ server: { name: "demo", limits: { rps: 5, burst: 10 } }, tags: [] }),
    );
    expect(fold('"server"').getAttribute("aria-expanded")).toBe("true");
    expect(fold('"limits"').getAttribute("aria-expanded")).toBe("false");
    expect(shown(fold('"limits"'))).toBe('"limits": {2 keys}');
    expect(fold('"tags"').getAttribute("aria-expanded")).toBe("true");
    expect(within(tree).queryByText('"rps"')).toBeNull();
    expect(within(tree).getByText('"demo"')).toBeTruthy();
  });

  it("expands a folded value on click and folds it again", async () => {
    const { user, tree } = view(JSON.stringify({ a: { b: { c: [1, true, null] } } }));
    await user.click(fold('"b"'));
    expect(fold('"b"').getAttribute("aria-expanded")).toBe("true");
    expect(shown(fold('"c"'))).toBe('"c": [3 items]');
    await user.click(fold('"c"'));
    const items = within(tree)
      .getAllByRole("listitem")
      .filter((li) => /^[0-2]: /.test(li.textContent ?? ""));
    expect(items.map((li) => li.textContent)).toEqual(["0: 1", "1: true", "2: null"]);
    await user.click(fold('"b"'));
    expect(fold('"b"').getAttribute("aria-expanded")).toBe("false");
    expect(within(tree).queryByText("true")).toBeNull();
  });

  it("says 1 key and 1 item in the singular", async () => {
    const { user } = view(JSON.stringify({ x: { y: { one: 1 }, list: [[0]] } }));
    expect(shown(fold('"y"'))).toBe('"y": {1 key}');
    expect(shown(fold('"list"'))).toBe('"list": [1 item]');
    await user.click(fold('"list"'));
    expect(shown(fold("0"))).toBe("0: [1 item]");
  });

  it("shows keys and values that look like markup as text, never as elements", () => {
    const { tree } = view(
      JSON.stringify({
        "<img src=x onerror=alert(1)>": "<script>alert(2)</script><b>bold</b>",
        "a&amp;b": "&lt;",
      }),
    );
    expect(tree.querySelector("img, script, b")).toBeNull();
    expect(within(tree).getByText('"<img src=x onerror=alert(1)>"')).toBeTruthy();
    expect(within(tree).getByText('"<script>alert(2)</script><b>bold</b>"')).toBeTruthy();
    expect(within(tree).getByText('"a&amp;b"')).toBeTruthy();
    expect(within(tree).getByText('"&lt;"')).toBeTruthy();
  });

  it("shows strings with their quotes and escapes, so a number and a numeric string differ", () => {
    const { tree } = view(JSON.stringify({ n: 1, s: "1", line: "a\nb", nothing: null, yes: false }));
    const texts = within(tree)
      .getAllByRole("listitem")
      .slice(1)
      .map((li) => li.textContent);
    expect(texts).toEqual(['"n": 1', '"s": "1"', '"line": "a\\nb"', '"nothing": null', '"yes": false']);
  });

  it("renders a long array 200 items at a time and shows the rest on request", async () => {
    const { user, tree } = view(JSON.stringify({ big: Array.from({ length: 1250 }, (_, i) => i) }));
    // Plain DOM queries: role queries over a thousand rows take seconds in happy-dom.
    const rendered = () =>
      [...tree.querySelectorAll("li")].filter((li) => /^\d+: \d+$/.test(li.textContent ?? ""));
    const more = () => [...tree.querySelectorAll("button")].filter((b) => b.textContent?.startsWith("Show "));
    expect(rendered()).toHaveLength(200);
    expect(more().map((b) => b.textContent)).toEqual(["Show 1,000 more of 1,050"]);
    await user.click(more()[0]!);
    expect(rendered()).toHaveLength(1200);
    expect(more().map((b) => b.textContent)).toEqual(["Show 50 more of 50"]);
    await user.click(more()[0]!);
    expect(rendered()).toHaveLength(1250);
    expect(more()).toEqual([]);
  });
});

describe("JsonView modes", () => {
  it("shows JSON that does not parse exactly as sent, and says why", () => {
    render(<JsonView text={'{"a": 1,}'} actions={null} />);
    expect(screen.queryByRole("list", { name: "JSON tree" })).toBeNull();
    expect(screen.getByText(/^Declared as JSON but does not parse \(.+\); shown as sent\.$/)).toBeTruthy();
    expect(screen.getByText('{"a": 1,}')).toBeTruthy();
  });

  it("switches between tree, pretty and the exact text sent", async () => {
    const text = '{"b":1,  "a":[true]}';
    const { user } = view(text);
    const modes = screen.getByRole("group", { name: "JSON view" });
    expect(within(modes).getByRole("button", { name: "Tree" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(within(modes).getByRole("button", { name: "Raw" }));
    expect(screen.queryByRole("list", { name: "JSON tree" })).toBeNull();
    // Exactly: the double space after the comma stays.
    const exact = getDefaultNormalizer({ trim: false, collapseWhitespace: false });
    expect(screen.getByText(text, { normalizer: exact })).toBeTruthy();
    await user.click(
      within(screen.getByRole("group", { name: "JSON view" })).getByRole("button", { name: "Tree" }),
    );
    expect(screen.getByRole("list", { name: "JSON tree" })).toBeTruthy();
  });
});
