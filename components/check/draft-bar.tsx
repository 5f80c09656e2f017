import { Button } from "@/components/ui/button";

export interface DraftBarProps {
  checkName: string;
  serverName: string;
  steps: number;
  onReview: () => void;
  onDiscard: () => void;
}

/** A closed review: the draft is kept until it is discarded. */
export function DraftBar({ checkName, serverName, steps, onReview, onDiscard }: DraftBarProps) {
  return (
    <section
      aria-label="Recorded check draft"
      className="flex h-8 items-center gap-3 border-t border-sky-200 bg-sky-50/70 px-3 text-xs"
    >
      <span className="font-medium text-sky-900">Draft check “{checkName}”</span>
      <span className="min-w-0 truncate text-zinc-600">
        {serverName} · {steps} steps
      </span>
      <span className="ml-auto flex gap-2">
        <Button variant="tool" size="xs" dimmed="none" onClick={onDiscard}>
          Discard draft
        </Button>
        <button
          type="button"
          onClick={onReview}
          className="rounded border border-sky-700 bg-sky-700 px-1.5 py-0.5 text-[11px] font-medium text-white hover:bg-sky-800"
        >
          Review recording
        </button>
      </span>
    </section>
  );
}
