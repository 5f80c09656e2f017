import type { StepStatus } from "@/lib/check/results";

const marks: Record<StepStatus, { sign: string; className: string }> = {
  passed: { sign: "✓", className: "bg-emerald-100 text-emerald-800" },
  failed: { sign: "✗", className: "bg-rose-100 text-rose-800" },
  error: { sign: "!", className: "bg-amber-100 text-amber-900" },
  skipped: { sign: "–", className: "bg-zinc-100 text-zinc-500" },
};

/** ✓ passed, ✗ failed, ! error, – skipped; the word is there for screen readers. */
export function StatusMark({ status }: { status: StepStatus }) {
  const m = marks[status];
  return (
    <span
      className={`inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${m.className}`}
      title={status}
    >
      <span aria-hidden="true">{m.sign}</span>
      <span className="sr-only">{status}</span>
    </span>
  );
}
