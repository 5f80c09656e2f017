import { StrokeIcon } from "@/components/ui/stroke-icon";

export interface StepMoveButtonsProps {
  stepId: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  canDelete: boolean;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

const icon =
  "rounded p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 disabled:opacity-30 disabled:hover:bg-transparent";

/** Move a step up or down, or delete it (the connect step stays first). */
export function StepMoveButtons({
  stepId,
  canMoveUp,
  canMoveDown,
  canDelete,
  onMove,
  onDelete,
}: StepMoveButtonsProps) {
  return (
    <span className="flex shrink-0 items-center gap-0.5">
      <button
        type="button"
        className={icon}
        disabled={!canMoveUp}
        onClick={() => onMove(-1)}
        aria-label={`Move ${stepId} up`}
      >
        <StrokeIcon d="M8 13V3M4 7l4-4 4 4" />
      </button>
      <button
        type="button"
        className={icon}
        disabled={!canMoveDown}
        onClick={() => onMove(1)}
        aria-label={`Move ${stepId} down`}
      >
        <StrokeIcon d="M8 3v10M4 9l4 4 4-4" />
      </button>
      <button
        type="button"
        className={`${icon} hover:text-rose-700`}
        disabled={!canDelete}
        onClick={onDelete}
        aria-label={`Delete ${stepId}`}
        title={
          canDelete
            ? "Delete this step"
            : "The connect step stays: every other step needs the server connected"
        }
      >
        <StrokeIcon d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5" />
      </button>
    </span>
  );
}
