"use client";

import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ancestorIds, type TreeNode } from "@/lib/uri-tree";
import { visibleRows, type VisibleRow } from "./visible-rows";

/**
 * Expansion, roving focus and the WAI-ARIA tree keyboard model
 * (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/): Up/Down, Left/Right, Home/End, Enter,
 * and type-ahead on the first letter.
 */
export function useTreeState(
  tree: readonly TreeNode[],
  selectedUri: string | null,
  onSelect: (uri: string) => void,
) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(selectedUri ? ancestorIds([...tree], selectedUri) : []),
  );
  // When the selection changes from outside (back/forward, deep link), reveal it.
  const [revealed, setRevealed] = useState(selectedUri);
  if (revealed !== selectedUri) {
    setRevealed(selectedUri);
    const missing = selectedUri ? ancestorIds([...tree], selectedUri).filter((id) => !expanded.has(id)) : [];
    if (missing.length > 0) setExpanded(new Set([...expanded, ...missing]));
  }

  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const selectedId =
    rows.find((r) => r.node.kind === "resource" && r.node.resource.uri === selectedUri)?.node.id ?? null;
  const activeId =
    focusedId !== null && rows.some((r) => r.node.id === focusedId)
      ? focusedId
      : (selectedId ?? rows[0]?.node.id ?? null);

  const elements = useRef(new Map<string, HTMLElement>());
  const registerRow = useCallback(
    (id: string) => (element: HTMLElement | null) => {
      if (element) elements.current.set(id, element);
      else elements.current.delete(id);
    },
    [],
  );

  const focusRow = (row: VisibleRow | undefined) => {
    if (!row) return;
    setFocusedId(row.node.id);
    elements.current.get(row.node.id)?.focus();
  };

  const setOpen = (id: string, open: boolean) => {
    if (expanded.has(id) === open) return;
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    setExpanded(next);
  };

  const activate = (row: VisibleRow) => {
    if (row.node.kind === "folder") setOpen(row.node.id, !expanded.has(row.node.id));
    else onSelect(row.node.resource.uri);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = rows.findIndex((r) => r.node.id === activeId);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const isOpenFolder = node.kind === "folder" && expanded.has(node.id);
    switch (event.key) {
      case "ArrowDown":
        focusRow(rows[index + 1]);
        break;
      case "ArrowUp":
        focusRow(rows[index - 1]);
        break;
      case "Home":
        focusRow(rows[0]);
        break;
      case "End":
        focusRow(rows[rows.length - 1]);
        break;
      case "ArrowRight":
        if (node.kind !== "folder") return;
        if (isOpenFolder) focusRow(rows[index + 1]);
        else setOpen(node.id, true);
        break;
      case "ArrowLeft":
        if (isOpenFolder) setOpen(node.id, false);
        else focusRow(rows.find((r) => r.node.id === row.parentId));
        break;
      case "Enter":
      case " ":
        activate(row);
        break;
      default: {
        if (event.key.length !== 1 || event.key === " ") return;
        const key = event.key.toLocaleLowerCase();
        const after = [...rows.slice(index + 1), ...rows.slice(0, index)];
        const match = after.find((r) => r.node.label.toLocaleLowerCase().startsWith(key));
        if (!match) return;
        focusRow(match);
      }
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const onRowClick = (row: VisibleRow) => {
    setFocusedId(row.node.id);
    activate(row);
  };

  return {
    rows,
    expanded,
    activeId,
    selectedId,
    registerRow,
    onKeyDown,
    onRowClick,
    onRowFocus: setFocusedId,
  };
}
