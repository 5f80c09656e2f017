import type { Certainty } from "@/lib/hosts/types";

const TITLE: Record<Certainty, string> = {
  verified: "verified: read in the host's code, docs or a maintainer's word",
  inferred: "inferred: reasoned, not read in the host's code",
};

/** A host fact's certainty: a solid “V”, or a dashed italic “I” that says it was reasoned. */
export function CertaintyBadge({ certainty }: { certainty: Certainty }) {
  return (
    <span
      title={TITLE[certainty]}
      data-certainty={certainty}
      className={`inline-flex size-4 shrink-0 cursor-help items-center justify-center rounded text-[10px] leading-none font-semibold ${
        certainty === "verified"
          ? "bg-emerald-100 text-emerald-800 ring-1 ring-emerald-300 ring-inset"
          : "border border-dashed border-violet-400 bg-violet-50 text-violet-800 italic"
      }`}
    >
      <span aria-hidden="true">{certainty === "verified" ? "V" : "I"}</span>
      <span className="sr-only">{TITLE[certainty]}</span>
    </span>
  );
}
