import { StrokeIcon } from "@/components/ui/stroke-icon";

export interface WatchToggleProps {
  watching: boolean;
  pending: boolean;
  error: string | null;
  onToggle: () => void;
}

/** Follow a resource (subscribe) or stop (unsubscribe); the name says what a press does. */
export function WatchToggle({ watching, pending, error, onToggle }: WatchToggleProps) {
  return (
    <>
      <button
        type="button"
        onClick={onToggle}
        data-shortcut="watch"
        disabled={pending}
        title={
          watching
            ? "Stop following this resource (resources/unsubscribe)"
            : "Follow this resource: re-read and show it whenever the server says it changed (resources/subscribe)"
        }
        className={`inline-flex shrink-0 items-center gap-1 rounded border px-1.5 py-0.5 text-[11px] font-medium disabled:opacity-50 ${
          watching
            ? "border-sky-300 bg-sky-50 text-sky-800 hover:bg-sky-100"
            : "border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-100"
        }`}
      >
        <StrokeIcon className="size-3" strokeWidth="1.5">
          <path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8s-2.4 4.5-6.5 4.5S1.5 8 1.5 8z" />
          <circle cx="8" cy="8" r="2" />
          {watching && <path d="M2.5 13.5l11-11" strokeLinecap="round" />}
        </StrokeIcon>
        {watching ? "Unwatch" : "Watch"}
      </button>
      {error && (
        <p role="alert" className="w-full text-[11px] text-rose-700">
          {error}
        </p>
      )}
    </>
  );
}
