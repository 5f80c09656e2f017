import { CHECK_TERMS, LineDiffTable } from "@/components/watch/line-diff-table";
import { diffText } from "@/lib/json/diff";
import type { Mismatch } from "@/lib/check/results";

const show = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v, null, 2) ?? String(v)));

/** One field that did not match: where, why, and expected against actual (a line diff for text). */
export function MismatchView({ mismatch }: { mismatch: Mismatch }) {
  const { path, expected, actual, problem } = mismatch;
  const bothText = problem === "different" && typeof expected === "string" && typeof actual === "string";
  return (
    <li className="flex flex-col gap-1 py-1">
      <p className="text-[11px] break-words">
        <code className="rounded bg-rose-50 px-1 font-mono text-rose-900">{path || "(whole value)"}</code>{" "}
        <span className="text-zinc-700">{mismatch.message}</span>
      </p>
      {bothText ? (
        <LineDiffTable
          diff={diffText(expected, actual)}
          label={`Expected and actual ${path || "value"}`}
          terms={CHECK_TERMS}
          lineNumbers={false}
          compact
        />
      ) : (
        (expected !== undefined || actual !== undefined) && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 font-mono text-[11px]">
            {expected !== undefined && (
              <>
                <dt className="text-rose-700 select-none">expected</dt>
                <dd className="max-h-32 overflow-auto break-all whitespace-pre-wrap text-zinc-800">
                  {show(expected)}
                </dd>
              </>
            )}
            {actual !== undefined && (
              <>
                <dt className="text-emerald-700 select-none">actual</dt>
                <dd className="max-h-32 overflow-auto break-all whitespace-pre-wrap text-zinc-800">
                  {show(actual)}
                </dd>
              </>
            )}
          </dl>
        )
      )}
    </li>
  );
}
