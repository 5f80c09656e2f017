"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { folderIds } from "@/lib/resources/tree-filter";
import { ancestorIds, type TreeNode } from "@/lib/resources/uri-tree";
import { visibleRows, type VisibleRow } from "./visible-rows";

export interface TreeStateOptions {
  /**
   * The filter in effect (null: none). While filtering, every folder with a match starts open;
   * folders the user closes stay closed until the filter changes. The unfiltered expansion is
   * kept apart and comes back when the filter is cleared.
   */
  filterKey: string | null;
  /** Brings row `index` into the rendered window (the list is virtualized). */
  scrollToIndex: (index: number) => void;
  /**
   * Remember the expansion under this key (the session id) for as long as the tab lives, so it
   * survives the tree unmounting: switching servers, a disconnect and reconnect.
   */
  rememberAs?: string;
}

/** Expansion of trees that were unmounted, by key; a handful of sessions, so bounded loosely. */
const remembered = new Map<string, ReadonlySet<string>>();
const REMEMBER_AT_MOST = 50;

function remember(key: string | undefined, ids: ReadonlySet<string>): void {
  if (key === undefined) return;
  remembered.delete(key);
  remembered.set(key, ids);
  if (remembered.size > REMEMBER_AT_MOST) remembered.delete(remembered.keys().next().value!);
}

/**
 * Expansion, roving focus and the WAI-ARIA tree keyboard model
 * (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/): Up/Down, Left/Right, Home/End, Enter,
 * and type-ahead on the first letter. Rows may be virtualized: focusing a row that is not
 * rendered scrolls to it first and focuses it when it mounts.
 */
export function useTreeState(
  tree: readonly TreeNode[],
  selectedUri: string | null,
  onSelect: (uri: string) => void,
  { filterKey, scrollToIndex, rememberAs }: TreeStateOptions,
) {
  // As the user left it; else the top level starts open (usually one folder per scheme). The way
  // to the selection is open either way.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const before = rememberAs === undefined ? undefined : remembered.get(rememberAs);
    return new Set([
      ...(before ?? tree.flatMap((node) => (node.kind === "folder" ? [node.id] : []))),
      ...(selectedUri ? ancestorIds([...tree], selectedUri) : []),
    ]);
  });
  useEffect(() => remember(rememberAs, expanded), [rememberAs, expanded]);
  // When the selection changes from outside (back/forward, deep link), reveal it.
  const [revealed, setRevealed] = useState(selectedUri);
  if (revealed !== selectedUri) {
    setRevealed(selectedUri);
    const missing = selectedUri ? ancestorIds([...tree], selectedUri).filter((id) => !expanded.has(id)) : [];
    if (missing.length > 0) setExpanded(new Set([...expanded, ...missing]));
  }
  // Folders closed by hand while a filter is in effect; reset when the filter changes.
  const [filterClosed, setFilterClosed] = useState<{ key: string | null; ids: ReadonlySet<string> }>({
    key: filterKey,
    ids: new Set(),
  });
  if (filterClosed.key !== filterKey) setFilterClosed({ key: filterKey, ids: new Set() });

  const open = useMemo(() => {
    if (filterKey === null) return expanded;
    const closed = filterClosed.key === filterKey ? filterClosed.ids : new Set<string>();
    return new Set(folderIds(tree).filter((id) => !closed.has(id)));
  }, [filterKey, expanded, filterClosed, tree]);

  const rows = useMemo(() => visibleRows(tree, open), [tree, open]);
  // A scan finds a row in well under a millisecond at 11,000 rows; a Map of them all would cost
  // ~5 ms to build on every filter keystroke.
  const indexOf = (id: string | null) => (id === null ? -1 : rows.findIndex((r) => r.node.id === id));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const selectedIndex = indexOf(selectedUri);
  const selectedId = selectedIndex >= 0 ? selectedUri : null;
  const focusedIndex = indexOf(focusedId);
  const activeIndex =
    focusedIndex >= 0 ? focusedIndex : selectedIndex >= 0 ? selectedIndex : rows.length > 0 ? 0 : -1;
  const activeId = rows[activeIndex]?.node.id ?? null;

  const elements = useRef(new Map<string, HTMLElement>());
  const pendingFocus = useRef<string | null>(null);
  /** Rows report their element as they mount; a row focused while not rendered gets focus now. */
  const registerRow = useCallback((id: string, element: HTMLElement | null) => {
    if (element) {
      elements.current.set(id, element);
      if (pendingFocus.current === id) {
        pendingFocus.current = null;
        element.focus();
      }
    } else elements.current.delete(id);
  }, []);

  const focusRow = (row: VisibleRow | undefined) => {
    if (!row) return;
    setFocusedId(row.node.id);
    const element = elements.current.get(row.node.id);
    // Not rendered (virtualized away): it takes focus when it mounts, once scrolled to.
    if (element) element.focus();
    else pendingFocus.current = row.node.id;
    scrollToIndex(Math.max(0, indexOf(row.node.id)));
  };

  const setOpen = (id: string, next: boolean) => {
    if (open.has(id) === next) return;
    if (filterKey !== null) {
      const ids = new Set(filterClosed.ids);
      if (next) ids.delete(id);
      else ids.add(id);
      setFilterClosed({ key: filterKey, ids });
      return;
    }
    const ids = new Set(expanded);
    if (next) ids.add(id);
    else ids.delete(id);
    setExpanded(ids);
  };

  const setAll = (next: boolean) => {
    if (filterKey !== null) setFilterClosed({ key: filterKey, ids: new Set(next ? [] : folderIds(tree)) });
    else setExpanded(new Set(next ? folderIds(tree) : []));
  };

  const activate = (row: VisibleRow) => {
    if (row.node.kind === "folder") setOpen(row.node.id, !open.has(row.node.id));
    else onSelect(row.node.resource.uri);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = activeIndex;
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const isOpenFolder = node.kind === "folder" && open.has(node.id);
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

  const onRowClick = (id: string) => {
    const row = rows[indexOf(id)];
    if (!row) return;
    setFocusedId(id);
    activate(row);
  };

  return {
    rows,
    expanded: open,
    activeId,
    activeIndex,
    selectedId,
    registerRow,
    onKeyDown,
    onRowClick,
    onRowFocus: setFocusedId,
    expandAll: () => setAll(true),
    collapseAll: () => setAll(false),
  };
}
