"use client";

import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useRef } from "react";
import type { TreeNode } from "@/lib/resources/uri-tree";
import { TreeRow } from "./tree-row";
import { TreeToolbar } from "./tree-toolbar";
import { useRowHandlers } from "./use-row-handlers";
import { useScrollAnchor } from "./use-scroll-anchor";
import { useTreeState } from "./use-tree-state";
import { useTreeView } from "./use-tree-view";

// Rows re-render only when their own props change: typing in the filter re-renders the tree twice
// (the input now, the filtered rows deferred), which must not cost two renders of every row.
const Row = memo(TreeRow);

/** Row height: TreeRow is h-6. */
const ROW_PX = 24;

export interface ResourceTreeProps {
  tree: readonly TreeNode[];
  selectedUri: string | null;
  onSelect: (uri: string) => void;
  label: string;
  /** Keeps expansion across unmounts under this key (the session id). */
  rememberAs?: string;
}

/**
 * The resources of one server as a keyboard-navigable tree: flat rows with aria-level, setsize
 * and posinset, only the visible window in the DOM (TanStack Virtual) so 10,000 resources cost
 * what 50 do; a filter, expand/collapse all and sorting above it.
 */
export function ResourceTree({ tree, selectedUri, onSelect, label, rememberAs }: ResourceTreeProps) {
  const view = useTreeView(tree);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTo = useRef<(index: number) => void>(() => undefined);
  const state = useTreeState(view.tree, selectedUri, onSelect, {
    filterKey: view.filterKey,
    scrollToIndex: (index) => scrollTo.current(index),
    ...(rememberAs !== undefined ? { rememberAs } : {}),
  });
  const { activeIndex } = state;
  const handlers = useRowHandlers({
    register: state.registerRow,
    click: state.onRowClick,
    focus: state.onRowFocus,
  });
  // The active row (the one in the tab order) is always rendered, so Tab can always reach the tree.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: state.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
    rangeExtractor,
    initialRect: { width: 300, height: 600 },
  });
  useEffect(() => {
    scrollTo.current = (index) => virtualizer.scrollToIndex(index, { align: "auto" });
  });
  const onScroll = useScrollAnchor(scroller, state.rows, ROW_PX);

  return (
    <div className="flex flex-col">
      <TreeToolbar
        filter={view.filter}
        onFilter={view.setFilter}
        onFilterFocus={view.prepare}
        sort={view.sort}
        onSort={view.setSort}
        onExpandAll={state.expandAll}
        onCollapseAll={state.collapseAll}
        status={view.status}
      />
      {state.rows.length === 0 ? (
        <p className="px-3 py-2 text-xs text-zinc-500">No resource matches the filter.</p>
      ) : (
        <div
          ref={scroller}
          role="tree"
          aria-label={label}
          // The filter these rows reflect (typing is deferred): tests and benchmarks wait on it.
          data-filter={view.filterKey ?? ""}
          onKeyDown={state.onKeyDown}
          onScroll={onScroll}
          className="scrollbar-thin max-h-[max(16rem,calc(100dvh-16rem))] overflow-y-auto py-1"
        >
          <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = state.rows[item.index];
              if (!row) return null;
              return (
                <Row
                  key={row.node.id}
                  ref={handlers(row.node.id).ref}
                  node={row.node}
                  level={row.level}
                  posInSet={row.posInSet}
                  setSize={row.setSize}
                  expanded={state.expanded.has(row.node.id)}
                  selected={row.node.id === state.selectedId}
                  active={row.node.id === state.activeId}
                  onClick={handlers(row.node.id).onClick}
                  onFocus={handlers(row.node.id).onFocus}
                  offsetY={item.start}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
