"use client";

import type { TreeNode } from "@/lib/uri-tree";
import { TreeRow } from "./tree-row";
import { useTreeState } from "./use-tree-state";

export interface ResourceTreeProps {
  tree: readonly TreeNode[];
  selectedUri: string | null;
  onSelect: (uri: string) => void;
  label: string;
}

/** The resources of one server as a keyboard-navigable tree (flat rows with aria-level). */
export function ResourceTree({ tree, selectedUri, onSelect, label }: ResourceTreeProps) {
  const state = useTreeState(tree, selectedUri, onSelect);
  return (
    <div role="tree" aria-label={label} onKeyDown={state.onKeyDown} className="py-1">
      {state.rows.map((row) => (
        <TreeRow
          key={row.node.id}
          ref={state.registerRow(row.node.id)}
          node={row.node}
          level={row.level}
          posInSet={row.posInSet}
          setSize={row.setSize}
          expanded={state.expanded.has(row.node.id)}
          selected={row.node.id === state.selectedId}
          active={row.node.id === state.activeId}
          onClick={() => state.onRowClick(row)}
          onFocus={() => state.onRowFocus(row.node.id)}
        />
      ))}
    </div>
  );
}
