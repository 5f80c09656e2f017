"use client";

import { useState } from "react";
import type { Resource } from "@/lib/api/contract";
import { Button } from "@/components/ui/button";

type Icon = NonNullable<Resource["icons"]>[number];

/** Inline images the page may show as they are. */
const INLINE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;
/** Remote icons: https only (the spec's rule), fetched only when asked. */
const REMOTE = /^https:\/\/[^\s]+$/i;

const IMAGE_CLASS =
  "size-5 shrink-0 rounded border border-zinc-200 bg-[conic-gradient(#f4f4f5_25%,#fff_0_50%,#f4f4f5_0_75%,#fff_0)] bg-[length:8px_8px] object-contain";

/**
 * The icons a resource declares, each with its details. data: images show at once. An https:
 * icon is fetched only on request, since loading it tells its host this tab is open: then with
 * crossorigin="anonymous" (no cookies or other credentials) and no Referer; a host that does not
 * allow CORS cannot be shown that way, and the list says so. Any other scheme is text.
 */
export function IconList({ icons }: { icons: readonly Icon[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {icons.map((icon, i) => {
        const details = [icon.mimeType, icon.sizes?.join(" "), icon.theme].filter(Boolean).join(" · ");
        return (
          <li key={i} className="flex min-w-0 items-center gap-2">
            {INLINE.test(icon.src) ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL from the server, shown as an image only
              <img src={icon.src} alt="" className={IMAGE_CLASS} />
            ) : REMOTE.test(icon.src) ? (
              <RemoteIcon src={icon.src} />
            ) : (
              <span className="min-w-0 truncate font-mono text-[11px] text-zinc-600" title={icon.src}>
                {icon.src} <span className="text-zinc-400">(not shown: only https: and data: icons are)</span>
              </span>
            )}
            {details && <span className="shrink-0 text-zinc-500">{details}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function RemoteIcon({ src }: { src: string }) {
  const [state, setState] = useState<"idle" | "loading" | "loaded" | "failed">("idle");
  let host = src;
  try {
    host = new URL(src).host;
  } catch {
    // REMOTE matched; keep the raw text
  }
  return (
    <span className="flex min-w-0 items-center gap-2">
      {state !== "idle" && state !== "failed" && (
        // eslint-disable-next-line @next/next/no-img-element -- a remote icon the user asked for, without credentials
        <img
          src={src}
          alt=""
          crossOrigin="anonymous"
          referrerPolicy="no-referrer"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={IMAGE_CLASS}
        />
      )}
      <span className="min-w-0 truncate font-mono text-[11px] text-zinc-600" title={src}>
        {src}
      </span>
      {state === "idle" && (
        <Button
          variant="tool"
          size="xs"
          dimmed="none"
          className="shrink-0"
          onClick={() => setState("loading")}
          title={`Fetches the icon from ${host}, without cookies or Referer`}
        >
          Load from {host}
        </Button>
      )}
      {state === "failed" && (
        <span role="status" className="shrink-0 text-[11px] text-amber-700">
          could not load (unreachable, not an image, or {host} does not allow CORS)
        </span>
      )}
    </span>
  );
}
