export interface StderrTailProps {
  lines: readonly string[];
  /** Lines the backend dropped from the front of its bounded buffer. */
  dropped?: number;
  summary?: string;
  defaultOpen?: boolean;
}

/** The last lines a server wrote to stderr, folded by default. */
export function StderrTail({ lines, dropped = 0, summary, defaultOpen = false }: StderrTailProps) {
  if (lines.length === 0) {
    return <p className="mt-1 text-xs text-zinc-500">The server wrote nothing to stderr.</p>;
  }
  return (
    <details className="group mt-1" open={defaultOpen}>
      <summary className="cursor-pointer text-xs text-zinc-600 select-none hover:text-zinc-900">
        {summary ?? "stderr"} ({lines.length} {lines.length === 1 ? "line" : "lines"})
      </summary>
      <pre className="palette-light scrollbar-thin mt-1 max-h-64 overflow-auto rounded border border-zinc-200 bg-zinc-950 px-2 py-1.5 font-mono text-[11px] leading-4 whitespace-pre-wrap text-zinc-100">
        {dropped > 0 && (
          <span className="text-zinc-500">
            … {dropped} earlier lines dropped{"\n"}
          </span>
        )}
        {lines.join("\n")}
      </pre>
    </details>
  );
}
