import { describe, expect, it } from "vitest";
import type { TreeNode } from "@/lib/resources/uri-tree";
import { visibleRows } from "./visible-rows";

const leaf = (uri: string): TreeNode => ({
  kind: "resource",
  id: uri,
  label: uri,
  resource: { uri, name: uri },
});
const tree: TreeNode[] = [
  {
    kind: "folder",
    id: "folder a",
    label: "a",
    count: 3,
    children: [
      { kind: "folder", id: "folder a/b", label: "b", count: 1, children: [leaf("a/b/1")] },
      leaf("a/2"),
      leaf("a/3"),
    ],
  },
  leaf("top"),
];

describe("visibleRows", () => {
  it("shows only top-level rows when nothing is expanded", () => {
    expect(visibleRows(tree, new Set()).map((r) => r.node.id)).toEqual(["folder a", "top"]);
  });

  it("lists expanded folders depth-first with level, parent and position", () => {
    const rows = visibleRows(tree, new Set(["folder a", "folder a/b"]));
    expect(rows.map((r) => [r.node.id, r.level, r.parentId, r.posInSet, r.setSize])).toEqual([
      ["folder a", 1, null, 1, 2],
      ["folder a/b", 2, "folder a", 1, 3],
      ["a/b/1", 3, "folder a/b", 1, 1],
      ["a/2", 2, "folder a", 2, 3],
      ["a/3", 2, "folder a", 3, 3],
      ["top", 1, null, 2, 2],
    ]);
  });

  it("hides the children of a collapsed folder even when a deeper folder is expanded", () => {
    const rows = visibleRows(tree, new Set(["folder a/b"]));
    expect(rows.map((r) => r.node.id)).toEqual(["folder a", "top"]);
  });
});
