export interface JumpToLatestProps {
  onJump: () => void;
  /** Over the dark stderr console: a light pill instead of a dark one. */
  light?: boolean;
}

/** Shown once the user scrolled a following log up: back to its end, following again. */
export function JumpToLatest({ onJump, light = false }: JumpToLatestProps) {
  return (
    <button
      type="button"
      onClick={onJump}
      className={`absolute right-3 bottom-2 rounded-full px-2.5 py-0.5 text-[11px] shadow ${
        light ? "bg-white/90 text-zinc-900 hover:bg-white" : "bg-zinc-900/85 text-white hover:bg-zinc-900"
      }`}
    >
      Jump to latest ↓
    </button>
  );
}
