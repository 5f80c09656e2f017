import type { ListShape } from "@/lib/check/schema";
import { describeShape } from "@/lib/check/uri-pattern";

export interface ListShapeViewProps {
  stepId: string;
  side: "added" | "removed";
  shape: ListShape | undefined;
  /** Exact URIs the step pins (every one must appear, or disappear). */
  pinned: readonly string[];
  onPin: () => void;
}

/**
 * A list change as the recorder wrote it (issue 13): by shape — how many URIs, like which pattern
 * — beside the URIs the pattern was inferred from, with "pin exact URIs" one click away; or the
 * pinned URIs themselves.
 */
export function ListShapeView({ stepId, side, shape, pinned, onPin }: ListShapeViewProps) {
  if (!shape && pinned.length === 0) return null;
  const verb = side === "added" ? "Added" : "Removed";
  return (
    <section aria-label={`${verb} URIs of ${stepId}`} className="text-[11px] text-zinc-700">
      {shape && (
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span>
            {verb}: <span className="font-mono text-zinc-900">{describeShape(shape)}</span>
          </span>
          <button
            type="button"
            onClick={onPin}
            className="rounded border border-zinc-300 px-1.5 text-[11px] text-zinc-700 hover:bg-zinc-50"
          >
            Pin exact URIs
          </button>
          {shape.examples.length > 0 && (
            <span className="w-full text-zinc-500">
              inferred from{" "}
              <span className="font-mono break-all text-zinc-700">{shape.examples.join(", ")}</span>
            </span>
          )}
        </div>
      )}
      {pinned.length > 0 && (
        <p>
          {verb}, pinned exactly:{" "}
          <span className="font-mono break-all text-zinc-900">{pinned.join(", ")}</span>
        </p>
      )}
    </section>
  );
}
