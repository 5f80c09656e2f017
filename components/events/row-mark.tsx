"use client";

import { useCallback } from "react";
import { formatClockMs } from "@/lib/ui/format-time";
import { unseenUpdate, unseenUpdateUnder, type LiveMarks } from "@/lib/api/live-marks";
import type { TreeNode } from "@/lib/resources/uri-tree";
import { useTreeMarksSession } from "./tree-marks-context";
import { useLiveMarks } from "./use-live-marks";

export interface RowMarkProps {
  node: TreeNode;
  selected: boolean;
  expanded: boolean;
}

/**
 * Live marks on one tree row: a "new" badge for a resource a list change just added, and a dot
 * for an update the user has not looked at (on a collapsed folder: any below it). Renders
 * nothing outside a TreeMarksContext.
 */
export function RowMark({ node, selected, expanded }: RowMarkProps) {
  const sessionId = useTreeMarksSession();
  if (!sessionId) return null;
  return <SessionRowMark sessionId={sessionId} node={node} selected={selected} expanded={expanded} />;
}

function SessionRowMark({ sessionId, node, selected, expanded }: RowMarkProps & { sessionId: string }) {
  const uri = node.kind === "resource" ? node.resource.uri : null;
  const select = useCallback(
    (marks: LiveMarks) => {
      if (uri === null) return { updatedAt: unseenUpdateUnder(marks, node.id), count: 0, isNew: false };
      const update = unseenUpdate(marks, uri);
      return { updatedAt: update?.at, count: update?.count ?? 0, isNew: marks.added.has(uri) };
    },
    [node.id, uri],
  );
  const mark = useLiveMarks(sessionId, select);
  // The open resource shows its updates in the viewer; an open folder shows them on its rows.
  const showDot = mark.updatedAt !== undefined && !selected && !(node.kind === "folder" && expanded);
  const label =
    mark.updatedAt === undefined
      ? ""
      : node.kind === "folder"
        ? `a resource inside updated at ${formatClockMs(mark.updatedAt)}`
        : `updated at ${formatClockMs(mark.updatedAt)}${mark.count > 1 ? ` (${mark.count} updates)` : ""}`;
  return (
    <>
      {mark.isNew && (
        <span className="shrink-0 rounded-full bg-emerald-100 px-1.5 text-[10px] leading-4 font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
          new
        </span>
      )}
      {showDot && (
        <span title={label} className="flex size-3 shrink-0 items-center justify-center">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-sky-500" />
          <span className="sr-only">{label}</span>
        </span>
      )}
    </>
  );
}
