import type { HostFact } from "@/lib/hosts/types";
import { CertaintyBadge } from "./certainty-badge";
import { FactSourceLink } from "./fact-source-link";

/** One fact a host lens rests on: its certainty, what it says, and where it was read. */
export function HostFactLine({ fact, prefix }: { fact: HostFact; prefix?: string }) {
  return (
    <span className="flex items-start gap-1.5 text-[11px] text-zinc-600">
      <CertaintyBadge certainty={fact.certainty} />
      <span className="min-w-0">
        {prefix && <span className="font-medium text-zinc-800">{prefix}: </span>}
        {fact.text} <span className="text-zinc-400">·</span> <FactSourceLink source={fact.source} />
      </span>
    </span>
  );
}
