import { describeMatcher } from "@/lib/check/format";
import type { VolatileField } from "@/lib/check/results";

/** Fields the second look found changing by themselves: path → matcher chosen: reason. */
export function VolatileList({ fields }: { fields: readonly VolatileField[] }) {
  return (
    <ul className="mt-0.5 flex flex-col gap-px text-[11px] text-zinc-600">
      {fields.map((f) => (
        <li key={f.path} className="min-w-0 break-all">
          <code className="font-mono text-zinc-800">{f.path || "(whole value)"}</code>
          {" → "}
          <span className="font-medium text-amber-800" title={describeMatcher(f.matcher)}>
            {f.matcher.type}
          </span>
          {"reason" in f.matcher && f.matcher.reason ? `: ${f.matcher.reason}` : ""}
        </li>
      ))}
    </ul>
  );
}
