"use client";

import type { LiveMarks, UndeclaredKind } from "@/lib/api/live-marks";
import { useLiveMarks } from "./use-live-marks";

const what: Record<UndeclaredKind, string> = {
  list_changed: "notifications/resources/list_changed without declaring resources.listChanged",
  updated: "notifications/resources/updated without declaring resources.subscribe",
};

// Plain objects: the query's structural sharing keeps the result stable between equal marks.
const selectUndeclared = (marks: LiveMarks) =>
  [...marks.undeclared].map(([kind, note]) => ({ kind, count: note.count }));

export interface UndeclaredNoteProps {
  sessionId: string;
  /** The backend's count for the session (survives a reload; the marks are this tab's). */
  total: number;
}

/** A calm note that the server sent notifications it never declared (they are honoured anyway). */
export function UndeclaredNote({ sessionId, total }: UndeclaredNoteProps) {
  const seen = useLiveMarks(sessionId, selectUndeclared);
  if (total === 0 && seen.length === 0) return null;
  return (
    <div
      role="note"
      className="border-b border-zinc-200 bg-sky-50/60 px-3 py-1.5 text-[11px] leading-4 text-sky-950"
    >
      {seen.length > 0 ? (
        seen.map(({ kind, count }) => (
          <p key={kind}>
            The server sent {what[kind]} ({count}×); the inspector follows it anyway.
          </p>
        ))
      ) : (
        <p>
          The server sent {total} {total === 1 ? "notification" : "notifications"} for capabilities it did not
          declare; the inspector follows them anyway.
        </p>
      )}
    </div>
  );
}
