"use client";

import { useCopy } from "@/components/ui/use-copy";
import { Button } from "@/components/ui/button";
import { StrokeIcon } from "@/components/ui/stroke-icon";

export interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy URI". */
  label: string;
  /** Marks the button for a keyboard shortcut (components/keyboard). */
  shortcut?: string;
}

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label, shortcut }: CopyButtonProps) {
  const { state, copy } = useCopy();

  return (
    <Button
      variant="tool"
      size="xs"
      dimmed="none"
      className="inline-flex shrink-0 items-center gap-1"
      onClick={() => void copy(text)}
      aria-label={label}
      data-shortcut={shortcut}
      title={label}
    >
      <StrokeIcon className="size-3" strokeWidth="1.5">
        <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
        <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
      </StrokeIcon>
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
    </Button>
  );
}
