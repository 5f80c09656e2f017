import { isValidBase64 } from "@/lib/content/base64";
import { mimeEssence } from "@/lib/content/mime-dispatch";
import { isModelImageType } from "@/lib/hosts/shared";

export interface LensImageBlockProps {
  title: string;
  mimeType: string;
  /** The content item's base64, as the server sent it. */
  blob: unknown;
}

/**
 * An image a host passes on, from the read's own base64 as a data: URL in an <img>: only the
 * four raster types hosts send as images, none of which can run script.
 */
export function LensImageBlock({ title, mimeType, blob }: LensImageBlockProps) {
  const essence = mimeEssence(mimeType);
  const usable = isModelImageType(essence) && typeof blob === "string" && isValidBase64(blob);
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-1">
      <span className="font-mono text-[11px] font-medium text-zinc-700">
        {title} <span className="font-normal text-zinc-500">({mimeType})</span>
      </span>
      {usable ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URL of the server's bytes; next/image would fetch it through the optimizer
        <img
          src={`data:${essence};base64,${blob.replace(/\s+/g, "")}`}
          alt={title}
          className="max-h-48 max-w-full self-start rounded border border-zinc-200 bg-[conic-gradient(#e4e4e7_25%,#fff_0_50%,#e4e4e7_0_75%,#fff_0)] bg-[length:16px_16px] object-contain"
        />
      ) : (
        <p className="text-[11px] text-zinc-500 italic">
          Not shown here: the item is not valid {mimeType} base64.
        </p>
      )}
    </div>
  );
}
