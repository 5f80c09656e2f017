import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { withViewport } from "@/components/testing/layout";
import type { Resource } from "@/lib/api/contract";
import { buildResourceTree } from "@/lib/resources/uri-tree";
import { ResourceTree } from "./resource-tree";

withViewport(300, 400);

// Top level open by default: "demo:" → docs, img (closed); "file:///etc" → hosts.
const RESOURCES: Resource[] = [
  { uri: "demo://docs/alpha.md", name: "alpha.md" },
  { uri: "demo://docs/beta.md", name: "beta.md" },
  { uri: "demo://img/cat.png", name: "cat.png", mimeType: "image/png" },
  { uri: "file:///etc/hosts", name: "hosts" },
];

function renderTree(resources: Resource[] = RESOURCES, selectedUri: string | null = null) {
  const onSelect = vi.fn<(uri: string) => void>();
  const user = userEvent.setup();
  render(
    <ResourceTree
      tree={buildResourceTree(resources)}
      selectedUri={selectedUri}
      onSelect={onSelect}
      label="Resources"
    />,
  );
  return { user, onSelect };
}

const row = (name: string) => screen.getByRole("treeitem", { name });
/** The names of the rendered rows, top to bottom. */
const rowNames = () => screen.getAllByRole("treeitem").map((el) => el.getAttribute("aria-label"));
const focusedName = () => document.activeElement?.getAttribute("aria-label");

/** Put focus on a row as Tab would (a click would also toggle or select it). */
function focusRow(name: string) {
  act(() => row(name).focus());
}

describe("ResourceTree keyboard", () => {
  it("starts with one row in the tab order: the first one", () => {
    renderTree();
    expect(rowNames()).toEqual(["demo:", "docs", "img", "file:///etc", "hosts"]);
    const tabbable = screen.getAllByRole("treeitem").filter((el) => el.tabIndex === 0);
    expect(tabbable.map((el) => el.getAttribute("aria-label"))).toEqual(["demo:"]);
  });

  it("moves focus one visible row down and up with the arrows, and the focused row becomes the tab stop", async () => {
    const { user } = renderTree();
    focusRow("demo:");
    await user.keyboard("{ArrowDown}");
    expect(focusedName()).toBe("docs");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(focusedName()).toBe("file:///etc");
    expect(row("file:///etc").tabIndex).toBe(0);
    expect(row("demo:").tabIndex).toBe(-1);
    await user.keyboard("{ArrowUp}");
    expect(focusedName()).toBe("img");
  });

  it("stays on the first row at ArrowUp and on the last at ArrowDown", async () => {
    const { user } = renderTree();
    focusRow("demo:");
    await user.keyboard("{ArrowUp}");
    expect(focusedName()).toBe("demo:");
    focusRow("hosts");
    await user.keyboard("{ArrowDown}");
    expect(focusedName()).toBe("hosts");
  });

  it("jumps to the first row with Home and the last visible row with End", async () => {
    const { user } = renderTree();
    focusRow("img");
    await user.keyboard("{End}");
    expect(focusedName()).toBe("hosts");
    await user.keyboard("{Home}");
    expect(focusedName()).toBe("demo:");
  });

  it("expands a closed folder with ArrowRight, then moves into its first child", async () => {
    const { user } = renderTree();
    focusRow("docs");
    expect(row("docs").getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowRight}");
    expect(row("docs").getAttribute("aria-expanded")).toBe("true");
    expect(focusedName()).toBe("docs");
    expect(rowNames()).toEqual(["demo:", "docs", "alpha.md", "beta.md", "img", "file:///etc", "hosts"]);
    await user.keyboard("{ArrowRight}");
    expect(focusedName()).toBe("alpha.md");
    expect(row("alpha.md").getAttribute("aria-level")).toBe("3");
  });

  it("does nothing with ArrowRight on a resource", async () => {
    const { user, onSelect } = renderTree();
    focusRow("hosts");
    await user.keyboard("{ArrowRight}");
    expect(focusedName()).toBe("hosts");
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("moves to the parent with ArrowLeft on a child, and collapses an open folder with ArrowLeft", async () => {
    const { user } = renderTree();
    focusRow("hosts");
    await user.keyboard("{ArrowLeft}");
    expect(focusedName()).toBe("file:///etc");
    await user.keyboard("{ArrowLeft}");
    expect(row("file:///etc").getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("treeitem", { name: "hosts" })).toBeNull();
    expect(focusedName()).toBe("file:///etc");
  });

  it("selects a resource with Enter and with Space, by its URI", async () => {
    const { user, onSelect } = renderTree();
    focusRow("hosts");
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenLastCalledWith("file:///etc/hosts");
    focusRow("demo:");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowRight}{ArrowDown}");
    expect(focusedName()).toBe("cat.png");
    await user.keyboard(" ");
    expect(onSelect).toHaveBeenLastCalledWith("demo://img/cat.png");
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("toggles a folder with Enter instead of selecting anything", async () => {
    const { user, onSelect } = renderTree();
    focusRow("img");
    await user.keyboard("{Enter}");
    expect(row("img").getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Enter}");
    expect(row("img").getAttribute("aria-expanded")).toBe("false");
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("leaves keys with a modifier to the browser", async () => {
    const { user } = renderTree();
    focusRow("demo:");
    await user.keyboard("{Control>}{ArrowDown}{/Control}");
    expect(focusedName()).toBe("demo:");
  });
});

describe("ResourceTree type-ahead", () => {
  it("moves focus to the next visible row starting with the typed letter, ignoring case", async () => {
    const { user } = renderTree();
    focusRow("demo:");
    await user.keyboard("H");
    expect(focusedName()).toBe("hosts");
    await user.keyboard("i");
    expect(focusedName()).toBe("img");
  });

  it("searches after the focused row first and wraps around to the top", async () => {
    const { user } = renderTree([
      { uri: "demo://apple", name: "apple" },
      { uri: "demo://avocado", name: "avocado" },
      { uri: "demo://banana", name: "banana" },
    ]);
    expect(rowNames()).toEqual(["demo:", "apple", "avocado", "banana"]);
    focusRow("apple");
    await user.keyboard("a");
    expect(focusedName()).toBe("avocado");
    await user.keyboard("a");
    expect(focusedName()).toBe("apple");
  });

  it("keeps focus where it is when no visible row starts with the letter", async () => {
    const { user } = renderTree();
    focusRow("img");
    // alpha.md starts with "a" but its folder is closed: hidden rows are not candidates.
    await user.keyboard("a");
    expect(focusedName()).toBe("img");
  });
});

describe("ResourceTree virtualization and selection", () => {
  it("focuses the last row with End even when it was outside the rendered window", async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      uri: `demo://bulk/r${String(i).padStart(3, "0")}`,
      name: `r${String(i).padStart(3, "0")}`,
    }));
    const { user } = renderTree(many);
    expect(screen.queryByRole("treeitem", { name: "r299" })).toBeNull();
    expect(screen.getAllByRole("treeitem").length).toBeLessThan(100);
    focusRow("demo://bulk");
    await user.keyboard("{End}");
    expect(focusedName()).toBe("r299");
    expect(row("r299").getAttribute("aria-posinset")).toBe("300");
    expect(row("r299").getAttribute("aria-setsize")).toBe("300");
  });

  it("opens the way to the selected resource, marks it selected and makes it the tab stop", () => {
    renderTree(RESOURCES, "demo://docs/beta.md");
    expect(row("docs").getAttribute("aria-expanded")).toBe("true");
    expect(row("beta.md").getAttribute("aria-selected")).toBe("true");
    expect(row("alpha.md").getAttribute("aria-selected")).toBe("false");
    expect(row("beta.md").tabIndex).toBe(0);
  });
});
