import type { Step } from "@/lib/check/schema";
import { actionLabel } from "@/lib/check/format";

const tone: Partial<Record<Step["action"], string>> = {
  expectUpdated: "bg-violet-50 text-violet-800 ring-violet-200",
  expectListChanged: "bg-violet-50 text-violet-800 ring-violet-200",
  callTool: "bg-amber-50 text-amber-800 ring-amber-200",
  connect: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

/** What kind of step this is, as a small coloured label (waits for notifications stand out). */
export function ActionBadge({ action }: { action: Step["action"] }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded px-1 py-px text-[10px] font-medium whitespace-nowrap ring-1 ring-inset ${
        tone[action] ?? "bg-sky-50 text-sky-800 ring-sky-200"
      }`}
    >
      {actionLabel(action)}
    </span>
  );
}
