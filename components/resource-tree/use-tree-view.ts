"use client";

import { useDeferredValue, useMemo, useState } from "react";
import {
  buildFilterIndex,
  filterTree,
  matchResources,
  sortTree,
  treeResources,
  type TreeSort,
} from "@/lib/resources/tree-filter";
import type { TreeNode } from "@/lib/resources/uri-tree";

/** The tree as the user asked to see it: filtered (name, title, URI) and sorted. */
export function useTreeView(tree: readonly TreeNode[]) {
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<TreeSort>("name");
  const [indexWanted, setIndexWanted] = useState(false);
  // Typing stays responsive even if a render of many rows lags behind.
  const query = useDeferredValue(filter).trim();

  // Built once per listing, when the filter box is first used (not on connect, not per keystroke).
  const needIndex = indexWanted || query !== "";
  const index = useMemo(() => (needIndex ? buildFilterIndex(treeResources(tree)) : null), [needIndex, tree]);
  const sorted = useMemo(() => sortTree(tree, sort), [tree, sort]);
  const matched = useMemo(() => (index && query ? matchResources(index, query) : null), [index, query]);
  const shown = useMemo(() => (matched ? filterTree(sorted, matched.uris) : sorted), [sorted, matched]);

  const status = matched
    ? `${matched.uris.size.toLocaleString("en")} ${matched.fuzzy ? "fuzzy " : ""}${matched.uris.size === 1 ? "match" : "matches"}`
    : null;

  return {
    filter,
    setFilter,
    sort,
    setSort,
    prepare: () => setIndexWanted(true),
    tree: shown,
    /** Identifies the filter in effect (null: none): expansion resets when it changes. */
    filterKey: matched ? query : null,
    status,
  };
}
