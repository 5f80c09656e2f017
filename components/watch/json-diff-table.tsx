import type { JsonChange, JsonDiffResult } from "@/lib/json/diff";

export interface JsonDiffTableProps {
  diff: JsonDiffResult;
  label: string;
}

const MAX_VALUE_CHARS = 300;

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

const badge: Record<JsonChange["kind"], string> = {
  added: "bg-emerald-100 text-emerald-800",
  removed: "bg-rose-100 text-rose-800",
  changed: "bg-amber-100 text-amber-900",
};

/** A structural JSON diff: one row per JSON Pointer that was added, removed or changed. */
export function JsonDiffTable({ diff, label }: JsonDiffTableProps) {
  if (diff.changes.length === 0) {
    return <p className="px-3 py-2 text-xs text-zinc-500">Same JSON value (only formatting changed).</p>;
  }
  return (
    <div className="scrollbar-thin max-h-[60vh] overflow-auto">
      <table aria-label={label} className="w-full border-collapse text-xs">
        <thead className="bg-zinc-50 text-left text-[11px] text-zinc-500">
          <tr>
            <th className="px-3 py-1 font-medium">Path</th>
            <th className="px-2 py-1 font-medium">Change</th>
            <th className="px-2 py-1 font-medium">Before</th>
            <th className="px-2 py-1 font-medium">After</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {diff.changes.map((change) => (
            <tr key={change.path} className="border-t border-zinc-100 align-top">
              <td className="px-3 py-1 break-all text-zinc-900">{change.path || "(whole document)"}</td>
              <td className="px-2 py-1">
                <span
                  className={`rounded px-1 py-px font-sans text-[10px] font-medium ${badge[change.kind]}`}
                >
                  {change.kind}
                </span>
              </td>
              <td className="px-2 py-1 break-all text-rose-900">
                {change.kind === "added" ? "" : show(change.before)}
              </td>
              <td className="px-2 py-1 break-all text-emerald-900">
                {change.kind === "removed" ? "" : show(change.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {diff.truncated && (
        <p className="px-3 py-1 text-[11px] text-zinc-500">
          Showing the first {diff.changes.length} changes.
        </p>
      )}
    </div>
  );
}
