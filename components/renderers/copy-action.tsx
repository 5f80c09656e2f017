"use client";

import { useCopy } from "@/components/ui/use-copy";

export interface CopyActionProps {
  /** Visible label and accessible name: "Copy text", "Copy URI", "Copy JSON". */
  label: string;
  /** Computed on click, so a 10 MB text is not serialized on every render. */
  getText: () => string;
}

/** Copies to the clipboard and says so for a moment (politely, to screen readers too). */
export function CopyAction({ label, getText }: CopyActionProps) {
  const { state, copy } = useCopy();

  return (
    <button
      type="button"
      onClick={() => void copy(getText())}
      className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100"
    >
      {label}
      <span aria-live="polite" className="text-emerald-700">
        {state === "copied" ? " ✓" : state === "failed" ? " ✗" : ""}
      </span>
    </button>
  );
}
