"use client";

import { useId } from "react";
import type { TreeSort } from "@/lib/resources/tree-filter";
import { Button } from "@/components/ui/button";

export interface TreeToolbarProps {
  filter: string;
  onFilter: (value: string) => void;
  /** Called once, when the filter box is first used: build the filter index then, not on connect. */
  onFilterFocus: () => void;
  sort: TreeSort;
  onSort: (sort: TreeSort) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  /** "12 matches" / "3 fuzzy matches" / null without a filter. */
  status: string | null;
}

/** Filter, expand/collapse all and sort, above the tree. */
export function TreeToolbar(props: TreeToolbarProps) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-1 border-b border-zinc-100 px-2 py-1.5">
      <input
        type="search"
        aria-label="Filter resources"
        data-shortcut="filter"
        placeholder="Filter by name, title or URI"
        value={props.filter}
        onChange={(event) => props.onFilter(event.target.value)}
        onFocus={props.onFilterFocus}
        spellCheck={false}
        autoComplete="off"
        className="w-full rounded border border-zinc-300 bg-white px-2 py-1 text-xs focus:border-sky-500"
      />
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="tool" size="xs" dimmed="none" onClick={props.onExpandAll}>
          Expand all
        </Button>
        <Button variant="tool" size="xs" dimmed="none" onClick={props.onCollapseAll}>
          Collapse all
        </Button>
        <label htmlFor={sortId} className="ml-auto text-[11px] text-zinc-500">
          Sort
        </label>
        <select
          id={sortId}
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as TreeSort)}
          className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-[11px] text-zinc-800"
        >
          <option value="name">by name</option>
          <option value="uri">by URI</option>
          <option value="size">by size</option>
        </select>
      </div>
      {props.status !== null && (
        <p role="status" className="text-[11px] text-zinc-500">
          {props.status}
        </p>
      )}
    </div>
  );
}
