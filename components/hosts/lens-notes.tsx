import type { LensNote } from "@/lib/hosts/types";
import { HostFactLine } from "./host-fact-line";

const LEVEL_STYLE: Record<LensNote["level"], string> = {
  error: "border-rose-300 bg-rose-50 text-rose-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

/** What the host model says about this read, each with the fact it rests on. */
export function LensNotes({ notes }: { notes: readonly LensNote[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Notes">
      {notes.map((note, i) => (
        <li
          key={`${i} ${note.text}`}
          data-level={note.level}
          className={`flex flex-col gap-0.5 rounded border-l-4 px-2 py-1 text-[12px] ${LEVEL_STYLE[note.level]}`}
        >
          <span>
            <span className="sr-only">{note.level}: </span>
            {note.text}
          </span>
          <HostFactLine fact={note.fact} />
        </li>
      ))}
    </ul>
  );
}
