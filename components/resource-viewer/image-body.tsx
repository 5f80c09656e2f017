"use client";

import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useContentBlob } from "./use-content-blob";

const MIN_SHOWN_PX = 64;

export interface ImageBodyProps {
  sessionId: string;
  /** The URI that was read (the content route addresses items by read URI + index). */
  readUri: string;
  index: number;
  /** Alt text: the content item's own URI. */
  alt: string;
}

/**
 * An image content item through a blob: URL (SVG too: inside `<img>` it cannot run script).
 * The URL is created and revoked in one effect, so it never outlives the element.
 */
export function ImageBody({ sessionId, readUri, index, alt }: ImageBodyProps) {
  const content = useContentBlob(sessionId, readUri, index);
  const blob = content.data?.blob;
  const image = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // Icons and pixels are tiny: show them at a whole multiple of their size, pixels kept sharp.
  const scale = size ? Math.max(1, Math.floor(MIN_SHOWN_PX / Math.max(size.width, size.height, 1))) : 1;

  useEffect(() => {
    const element = image.current;
    if (!blob || !element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [blob]);

  if (content.isPending) {
    return (
      <div className="px-3 py-4">
        <Spinner label="Loading image…" />
      </div>
    );
  }
  if (content.isError) {
    return (
      <p className="px-3 py-4 text-xs text-rose-700">Could not load the image: {content.error.message}</p>
    );
  }
  return (
    <div className="bg-[conic-gradient(#f4f4f5_25%,#fff_0_50%,#f4f4f5_0_75%,#fff_0)] bg-[length:16px_16px] p-3">
      {broken && <p className="mb-2 text-xs text-rose-700">The browser could not decode this image.</p>}
      {size && (
        <p className="mb-2 text-[11px] text-zinc-500">
          {size.width} × {size.height} px{scale > 1 ? ` · shown at ${scale}×` : ""}
        </p>
      )}
      {/* eslint-disable-next-line @next/next/no-img-element -- a blob: URL of server bytes; next/image cannot help */}
      <img
        ref={image}
        alt={alt}
        onError={() => setBroken(true)}
        onLoad={(event) => {
          setBroken(false);
          const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
          setSize(width > 0 ? { width, height } : null);
        }}
        style={size && scale > 1 ? { width: size.width * scale, imageRendering: "pixelated" } : undefined}
        className="max-h-[60vh] max-w-full object-contain"
      />
    </div>
  );
}
