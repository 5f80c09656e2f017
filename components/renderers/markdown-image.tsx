import type { ComponentPropsWithoutRef } from "react";
import { safeImageSrc } from "@/lib/security/safe-url";
import { StrokeIcon } from "@/components/ui/stroke-icon";

type MarkdownImageProps = ComponentPropsWithoutRef<"img"> & { node?: unknown };

/** A markdown image: inline data: images are shown; remote ones are never fetched, only named. */
export function MarkdownImage({ src, alt, title }: MarkdownImageProps) {
  const source = typeof src === "string" ? src : undefined;
  const safe = safeImageSrc(source);
  if (safe) {
    // eslint-disable-next-line @next/next/no-img-element -- a data: URL from the content, shown as an image only
    return <img src={safe} alt={alt ?? ""} title={title} className="inline max-w-full" />;
  }
  return (
    <span
      title={`Image not loaded: ${source ?? ""}`}
      className="inline-flex items-center gap-1 rounded border border-dashed border-zinc-300 bg-zinc-50 px-1 text-[11px] text-zinc-600"
    >
      <StrokeIcon className="size-3" strokeWidth="1.25">
        <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
        <path d="M2 12l4-4 3 3 2-2 3 3" strokeLinejoin="round" />
      </StrokeIcon>
      {alt ? alt : "image"}
      <span className="sr-only"> (remote image not loaded)</span>
    </span>
  );
}
