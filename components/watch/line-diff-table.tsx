import type { LineDiffResult, LineDiffRow } from "@/lib/diff";

export interface LineDiffTableProps {
  diff: LineDiffResult;
  label: string;
}

const rowStyle: Record<Exclude<LineDiffRow["kind"], "gap">, string> = {
  added: "bg-emerald-50 text-emerald-950",
  removed: "bg-rose-50 text-rose-950",
  context: "text-zinc-700",
};
const sign: Record<Exclude<LineDiffRow["kind"], "gap">, string> = { added: "+", removed: "−", context: " " };
const gutter =
  "w-10 border-r border-zinc-200 px-1.5 text-right align-top text-zinc-400 select-none tabular-nums";

/** A unified line diff: old and new line numbers, a +/− gutter, unchanged runs collapsed. */
export function LineDiffTable({ diff, label }: LineDiffTableProps) {
  if (diff.truncated && diff.skipped) {
    const { skipped } = diff;
    return (
      <p className="px-3 py-2 text-xs text-zinc-600">
        Too {skipped.reason === "too-large" ? "large" : "many changes"} to diff line by line: lines{" "}
        {skipped.oldLine}–{skipped.oldLine + Math.max(0, skipped.oldLines - 1)} ({skipped.oldLines} before,{" "}
        {skipped.newLines} after) differ.
      </p>
    );
  }
  if (diff.rows.length === 0) return <p className="px-3 py-2 text-xs text-zinc-500">No line changed.</p>;
  return (
    <div className="scrollbar-thin max-h-[60vh] overflow-auto">
      <table aria-label={label} className="w-full border-collapse font-mono text-xs leading-[1.125rem]">
        <tbody>
          {diff.rows.map((row, i) =>
            row.kind === "gap" ? (
              <tr key={i} className="bg-zinc-50 text-zinc-500">
                <td colSpan={4} className="px-3 py-0.5 text-[11px] italic">
                  ⋯ {row.hidden} unchanged {row.hidden === 1 ? "line" : "lines"}
                </td>
              </tr>
            ) : (
              <tr key={i} className={rowStyle[row.kind]}>
                <td className={gutter}>{row.kind === "added" ? "" : row.oldLine}</td>
                <td className={gutter}>{row.kind === "removed" ? "" : row.newLine}</td>
                <td aria-label={row.kind} className="w-4 px-1 text-center align-top select-none">
                  {sign[row.kind]}
                </td>
                <td className="pr-3 break-all whitespace-pre-wrap">
                  {row.text}
                  {row.noNewlineAtEnd && (
                    <span className="ml-2 text-[10px] text-zinc-400 not-italic">no newline at end</span>
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
