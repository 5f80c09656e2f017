import type { TokenBudget } from "@/lib/hosts/types";

const n = (v: number) => v.toLocaleString("en");

/** What a read costs the host's model, against where the host warns and where it stops. */
export function TokenBudgetBar({ tokens }: { tokens: TokenBudget }) {
  const { estimate, warnAt, limit } = tokens;
  const level = estimate > limit ? "over" : estimate > warnAt ? "warn" : "ok";
  const fill = Math.min(100, (estimate / limit) * 100);
  return (
    <div className="flex flex-col gap-1 text-[11px]">
      <p className="text-zinc-700 tabular-nums" data-token-figures>
        ≈ {n(estimate)} tokens · warns at {n(warnAt)} · limit {n(limit)}
      </p>
      <div
        aria-hidden="true"
        className="relative h-1.5 w-full max-w-80 overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className={`h-full ${level === "over" ? "bg-rose-500" : level === "warn" ? "bg-amber-500" : "bg-emerald-500"}`}
          style={{ width: `${Math.max(fill, estimate > 0 ? 1 : 0)}%` }}
        />
        <div className="absolute inset-y-0 w-px bg-zinc-600" style={{ left: `${(warnAt / limit) * 100}%` }} />
      </div>
    </div>
  );
}
