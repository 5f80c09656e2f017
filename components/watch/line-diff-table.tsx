import type { LineDiffResult, LineDiffRow } from "@/lib/json/diff";

type ChangeKind = Exclude<LineDiffRow["kind"], "gap">;

/** What the two sides are called: "removed"/"added" between versions, "expected"/"actual" in a check. */
export interface LineDiffTerms {
  removed: string;
  added: string;
  context: string;
  /** The old and new side in the summary of a diff too large to show ("before", "expected"). */
  before: string;
  after: string;
}

export const VERSION_TERMS: LineDiffTerms = {
  removed: "removed",
  added: "added",
  context: "context",
  before: "before",
  after: "after",
};

export const CHECK_TERMS: LineDiffTerms = {
  removed: "expected",
  added: "actual",
  context: "same",
  before: "expected",
  after: "actual",
};

export interface LineDiffTableProps {
  diff: LineDiffResult;
  label: string;
  /** Names of the sign cells and of the sides (default: versions, "removed"/"added"). */
  terms?: LineDiffTerms;
  /** Old and new line-number columns (the watch view); a check's mismatch leaves them out. */
  lineNumbers?: boolean;
  /** Smaller text, a shorter scroll box with a border: for a diff inside a list of mismatches. */
  compact?: boolean;
}

const rowStyle: Record<ChangeKind, string> = {
  added: "bg-emerald-50 text-emerald-950",
  removed: "bg-rose-50 text-rose-950",
  context: "text-zinc-700",
};
const sign: Record<ChangeKind, string> = { added: "+", removed: "−", context: " " };
const gutter =
  "w-10 border-r border-zinc-200 px-1.5 text-right align-top text-zinc-400 select-none tabular-nums";

/**
 * A unified line diff of a `LineDiffResult`: a +/− column, optional old and new line numbers,
 * unchanged runs collapsed. The one renderer for a watched resource's versions and for a check's
 * expected against actual text.
 */
export function LineDiffTable({
  diff,
  label,
  terms = VERSION_TERMS,
  lineNumbers = true,
  compact = false,
}: LineDiffTableProps) {
  const note = compact ? "text-[11px]" : "px-3 py-2 text-xs";
  if (diff.truncated && diff.skipped) {
    const { skipped } = diff;
    return (
      <p className={`${note} text-zinc-600`}>
        Too {skipped.reason === "too-large" ? "large" : "many changes"} to diff line by line: lines{" "}
        {skipped.oldLine}–{skipped.oldLine + Math.max(0, skipped.oldLines - 1)} ({skipped.oldLines}{" "}
        {terms.before}, {skipped.newLines} {terms.after}) differ.
      </p>
    );
  }
  if (diff.rows.length === 0) return <p className={`${note} text-zinc-500`}>No line changed.</p>;
  const columns = lineNumbers ? 4 : 2;
  return (
    <div
      className={`scrollbar-thin overflow-auto ${
        compact ? "max-h-56 rounded border border-zinc-200 bg-white" : "max-h-[60vh]"
      }`}
    >
      <table
        aria-label={label}
        className={`w-full border-collapse font-mono ${compact ? "text-[11px] leading-4" : "text-xs leading-[1.125rem]"}`}
      >
        <tbody>
          {diff.rows.map((row, i) =>
            row.kind === "gap" ? (
              <tr key={i} className="bg-zinc-50 text-zinc-500">
                <td colSpan={columns} className={`${compact ? "px-2" : "px-3 py-0.5 text-[11px]"} italic`}>
                  ⋯ {row.hidden} unchanged {row.hidden === 1 ? "line" : "lines"}
                </td>
              </tr>
            ) : (
              <tr key={i} className={rowStyle[row.kind]}>
                {lineNumbers && (
                  <>
                    <td className={gutter}>{row.kind === "added" ? "" : row.oldLine}</td>
                    <td className={gutter}>{row.kind === "removed" ? "" : row.newLine}</td>
                  </>
                )}
                <td aria-label={terms[row.kind]} className="w-4 px-1 text-center align-top select-none">
                  {sign[row.kind]}
                </td>
                <td className={`${compact ? "pr-2" : "pr-3"} break-all whitespace-pre-wrap`}>
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
