import type { EntryKind } from "./compare-rows";

const LOOK: Record<EntryKind, string> = {
  added: "bg-emerald-100 text-emerald-800",
  removed: "bg-rose-100 text-rose-800",
  changed: "bg-amber-100 text-amber-900",
  content: "bg-sky-100 text-sky-900",
};
const TEXT: Record<EntryKind, string> = {
  added: "added",
  removed: "removed",
  changed: "changed",
  content: "content differs",
};

/** What happened to one URI between the two sides, as a small badge (its text is the name). */
export function KindBadge({ kind }: { kind: EntryKind }) {
  return (
    <span className={`shrink-0 rounded px-1 py-px text-[10px] font-medium ${LOOK[kind]}`}>{TEXT[kind]}</span>
  );
}
