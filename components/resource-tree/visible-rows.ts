import type { TreeNode } from "@/lib/resources/uri-tree";

/** One rendered row of the flat tree (rows of collapsed folders are not rendered at all). */
export interface VisibleRow {
  node: TreeNode;
  /** 1-based, as aria-level. */
  level: number;
  parentId: string | null;
  posInSet: number;
  setSize: number;
}

/** Depth-first list of the rows a user can see, given which folders are expanded. */
export function visibleRows(tree: readonly TreeNode[], expanded: ReadonlySet<string>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (nodes: readonly TreeNode[], level: number, parentId: string | null) => {
    nodes.forEach((node, index) => {
      rows.push({ node, level, parentId, posInSet: index + 1, setSize: nodes.length });
      if (node.kind === "folder" && expanded.has(node.id)) walk(node.children, level + 1, node.id);
    });
  };
  walk(tree, 1, null);
  return rows;
}
