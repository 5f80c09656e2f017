import type { Resource } from "@/lib/contract";

type Icon = NonNullable<Resource["icons"]>[number];

// Only inline data: images are shown; a remote icon would leak that this tab is open (and the CSP
// blocks it anyway), so its address is listed as text.
const SHOWABLE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/** The icons a resource declares: a preview for data: images, the details of each as text. */
export function IconList({ icons }: { icons: readonly Icon[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {icons.map((icon, i) => {
        const details = [icon.mimeType, icon.sizes?.join(" "), icon.theme].filter(Boolean).join(" · ");
        return (
          <li key={i} className="flex items-center gap-2">
            {SHOWABLE.test(icon.src) ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL from the server, shown as an image only
              <img
                src={icon.src}
                alt=""
                className="size-5 shrink-0 rounded border border-zinc-200 bg-[conic-gradient(#f4f4f5_25%,#fff_0_50%,#f4f4f5_0_75%,#fff_0)] bg-[length:8px_8px] object-contain"
              />
            ) : (
              <span className="min-w-0 truncate font-mono text-[11px] text-zinc-600" title={icon.src}>
                {icon.src}
              </span>
            )}
            {details && <span className="text-zinc-500">{details}</span>}
          </li>
        );
      })}
    </ul>
  );
}
