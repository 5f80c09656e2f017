import { Fragment } from "react";
import { visibleParts, type HiddenKind } from "@/lib/launch/hidden-characters";

const KIND: Record<HiddenKind, { label: string; className: string }> = {
  bidi: { label: "direction control", className: "bg-rose-100 text-rose-800 ring-rose-400" },
  control: { label: "control character", className: "bg-amber-100 text-amber-900 ring-amber-400" },
  space: { label: "unusual space", className: "bg-amber-100 text-amber-900 ring-amber-400" },
  invisible: { label: "invisible character", className: "bg-amber-100 text-amber-900 ring-amber-400" },
};

/**
 * Shows a value so that every character can be seen: ordinary spaces get a tinted cell, and each
 * invisible, control, unusual-space or direction-changing character is replaced by a `⟨U+202E⟩`
 * badge naming it. The raw character is left out of the page on purpose: an override would still
 * reorder the text around it, which is the trick the badge exposes.
 */
export function VisibleText({ value }: { value: string }) {
  if (value === "") return <span className="text-zinc-400 italic">(empty string)</span>;
  return (
    <>
      {visibleParts(value).map((part, i) => {
        if (part.kind === "text") return <Fragment key={i}>{part.text}</Fragment>;
        if (part.kind === "space") {
          return (
            <span key={i} className="rounded-[2px] bg-sky-200/70" title="space">
              {" "}
            </span>
          );
        }
        const { code, name, kind } = part.character;
        const style = KIND[kind];
        return (
          <span
            key={i}
            title={`${code} ${name} (${style.label})`}
            className={`mx-px inline-block rounded-[3px] px-0.5 align-baseline text-[10px] leading-3 font-semibold ring-1 ${style.className}`}
          >
            ⟨{code}⟩<span className="sr-only"> {name.toLowerCase()}</span>
          </span>
        );
      })}
    </>
  );
}
