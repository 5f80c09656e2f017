import type { LineDiffResult } from "@/lib/diff";

export interface TextDiffProps {
  diff: LineDiffResult;
  label: string;
}

const rowClass = {
  removed: "bg-rose-50 text-rose-950",
  added: "bg-emerald-50 text-emerald-950",
  context: "text-zinc-600",
} as const;
const sign = { removed: "−", added: "+", context: " " } as const;

/** A compact unified diff of expected (−) against actual (+), unchanged runs folded. */
export function TextDiff({ diff, label }: TextDiffProps) {
  if (diff.truncated && diff.skipped) {
    return (
      <p className="text-[11px] text-zinc-600">
        Too {diff.skipped.reason === "too-large" ? "large" : "different"} to diff line by line: from line{" "}
        {diff.skipped.oldLine}, {diff.skipped.oldLines} expected and {diff.skipped.newLines} actual lines
        differ.
      </p>
    );
  }
  return (
    <div className="scrollbar-thin max-h-56 overflow-auto rounded border border-zinc-200 bg-white">
      <table aria-label={label} className="w-full border-collapse font-mono text-[11px] leading-4">
        <tbody>
          {diff.rows.map((row, i) =>
            row.kind === "gap" ? (
              <tr key={i} className="bg-zinc-50 text-zinc-400">
                <td colSpan={2} className="px-2 italic">
                  ⋯ {row.hidden} unchanged {row.hidden === 1 ? "line" : "lines"}
                </td>
              </tr>
            ) : (
              <tr key={i} className={rowClass[row.kind]}>
                <td
                  aria-label={row.kind === "removed" ? "expected" : row.kind === "added" ? "actual" : "same"}
                  className="w-4 px-1 text-center align-top select-none"
                >
                  {sign[row.kind]}
                </td>
                <td className="pr-2 break-all whitespace-pre-wrap">
                  {row.text}
                  {row.noNewlineAtEnd && (
                    <span className="ml-2 text-[10px] text-zinc-400">no newline at end</span>
                  )}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
