"use client";

import type { Ref } from "react";
import { RowMark } from "@/components/events/row-mark";
import type { TreeNode } from "@/lib/resources/uri-tree";

export interface TreeRowProps {
  node: TreeNode;
  level: number;
  posInSet: number;
  setSize: number;
  expanded: boolean;
  selected: boolean;
  /** The one row in the tab order (roving tabindex). */
  active: boolean;
  ref: Ref<HTMLDivElement>;
  onClick: () => void;
  onFocus: () => void;
  /** Placement by the virtualized list: absolutely positioned this many px from the top. */
  offsetY?: number;
}

const INDENT_REM = 0.875;

/** "text/markdown" → "markdown": a hint, the full type is in the viewer. */
function shortMime(mimeType: string | undefined): string | undefined {
  const subtype = mimeType?.split(";", 1)[0]?.split("/")[1]?.trim();
  if (!subtype) return undefined;
  return subtype === "plain" ? "text" : subtype.replace(/^(x-|vnd\.)/, "");
}

/**
 * One treeitem. Its accessible name is exactly the label (the display name of a resource, the
 * folder label of a folder); counts and hints are decoration outside the name.
 */
export function TreeRow({
  node,
  level,
  posInSet,
  setSize,
  expanded,
  selected,
  active,
  ref,
  onClick,
  onFocus,
  offsetY,
}: TreeRowProps) {
  const isFolder = node.kind === "folder";
  const mime = node.kind === "resource" ? shortMime(node.resource.mimeType) : undefined;
  return (
    <div
      ref={ref}
      role="treeitem"
      aria-label={node.label}
      aria-level={level}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      aria-expanded={isFolder ? expanded : undefined}
      aria-selected={selected}
      tabIndex={active ? 0 : -1}
      title={node.kind === "resource" ? node.resource.uri : undefined}
      onClick={onClick}
      onFocus={onFocus}
      style={{
        ...(offsetY === undefined
          ? {}
          : { position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${offsetY}px)` }),
        paddingLeft: `${0.375 + (level - 1) * INDENT_REM}rem`,
      }}
      className={`group flex h-6 cursor-default items-center gap-1 pr-2 select-none focus-visible:outline-offset-[-2px] ${
        selected ? "bg-sky-100 text-sky-950" : "text-zinc-800 hover:bg-zinc-100"
      }`}
    >
      <span aria-hidden="true" className="flex size-3.5 shrink-0 items-center justify-center text-zinc-400">
        {isFolder && (
          <svg
            viewBox="0 0 16 16"
            className={`size-3 transition-transform ${expanded ? "rotate-90" : ""}`}
            fill="currentColor"
          >
            <path d="M6 4l4 4-4 4z" />
          </svg>
        )}
      </span>
      <span aria-hidden="true" className={`shrink-0 ${isFolder ? "text-amber-500" : "text-zinc-400"}`}>
        {isFolder ? (
          <svg viewBox="0 0 16 16" className="size-3.5" fill="currentColor">
            <path d="M1.5 3.5A1 1 0 0 1 2.5 2.5h3.6l1.4 1.5h6a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" />
          </svg>
        ) : (
          <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.25">
            <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3" strokeLinejoin="round" />
          </svg>
        )}
      </span>
      <span className={`min-w-0 flex-1 truncate ${isFolder ? "font-medium" : ""}`}>{node.label}</span>
      <RowMark node={node} selected={selected} expanded={expanded} />
      {node.kind === "folder" ? (
        <span
          aria-hidden="true"
          className="shrink-0 rounded-full bg-zinc-100 px-1.5 text-[10px] leading-4 text-zinc-500 tabular-nums"
        >
          {node.count}
        </span>
      ) : (
        mime && (
          <span
            aria-hidden="true"
            title={node.resource.mimeType}
            className="max-w-[5rem] shrink-0 truncate text-[10px] text-zinc-400"
          >
            {mime}
          </span>
        )
      )}
    </div>
  );
}
