import { matcherOfType } from "@/lib/check/draft";
import type { Matcher } from "@/lib/check/results";
import { MatcherTypeSelect } from "./matcher-type-select";

export interface MatcherRowProps {
  path: string;
  matcher: Matcher;
  /** Why this matcher exists (from the second look), or a problem with it. */
  problem?: string;
  /** Starting pattern when switched to regex. */
  initialPattern: string;
  onChange: (matcher: Matcher) => void;
  onRemove: () => void;
}

/** How one path is compared: a type, a pattern for regex, the recorder's reason, remove. */
export function MatcherRow({ path, matcher, problem, initialPattern, onChange, onRemove }: MatcherRowProps) {
  const shown = path || "(whole value)";
  return (
    <li className="grid grid-cols-[minmax(8rem,1fr)_auto_minmax(8rem,1.4fr)_auto] items-start gap-x-2 gap-y-0.5 py-1">
      <code className="min-w-0 pt-0.5 font-mono text-[11px] break-all text-zinc-800">{shown}</code>
      <MatcherTypeSelect
        label={`Compare ${shown} as`}
        value={matcher.type}
        onChange={(type) => onChange(matcherOfType(type, matcher, initialPattern))}
      />
      <div className="min-w-0">
        {matcher.type === "regex" && (
          // A textarea: patterns for multi-line text hold newlines, which an <input> would drop.
          <textarea
            aria-label={`Pattern for ${shown}`}
            value={matcher.pattern}
            rows={Math.min(4, matcher.pattern.split("\n").length)}
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => onChange({ ...matcher, pattern: e.target.value })}
            className={`block w-full resize-y rounded border bg-white px-1.5 py-0.5 font-mono text-[11px] leading-4 ${
              problem ? "border-rose-400" : "border-zinc-300"
            }`}
          />
        )}
        {"reason" in matcher && matcher.reason && (
          <p className="text-[11px] text-zinc-500">{matcher.reason}</p>
        )}
        {problem && (
          <p role="alert" className="text-[11px] text-rose-700">
            {problem}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove matcher for ${shown}`}
        title="Compare this path exactly again"
        className="rounded px-1 text-[11px] text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900"
      >
        Remove
      </button>
    </li>
  );
}
