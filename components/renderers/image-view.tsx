"use client";

import { useState, type ReactNode } from "react";
import { ContentDownloadStatus } from "@/components/resource-viewer/content-download-status";
import { useContentBlob } from "@/components/resource-viewer/use-content-blob";
import { Spinner } from "@/components/ui/spinner";
import { CodeView } from "./code-view";
import { RendererToolbar } from "./renderer-toolbar";
import { useObjectUrlRef } from "./use-object-url";
import { ViewSwitch } from "./view-switch";

type Zoom = "fit" | "1" | "2" | "4";
const MIN_FIT_PX = 64;
const CHECKERBOARD = "bg-[conic-gradient(#e4e4e7_25%,#fff_0_50%,#e4e4e7_0_75%,#fff_0)] bg-[length:16px_16px]";

export interface ImageViewProps {
  sessionId: string;
  readUri: string;
  index: number;
  alt: string;
  /** SVG sent as text: its markup, offered as a Source view. */
  source?: string | undefined;
  actions: ReactNode;
}

/**
 * An image through `<img>` of the raw bytes — a blob: URL for raster types, a data: URL for SVG
 * and anything else (use-object-url.ts: opened in a tab of its own, it must not be our origin) —
 * on a checkerboard, with its natural size and a zoom: fit, 100 %, 200 %, 400 %.
 */
export function ImageView({ sessionId, readUri, index, alt, source, actions }: ImageViewProps) {
  const content = useContentBlob(sessionId, readUri, index);
  const image = useObjectUrlRef<HTMLImageElement>(content.data?.blob);
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [showSource, setShowSource] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [broken, setBroken] = useState(false);

  const sourceSwitch = source !== undefined && (
    <ViewSwitch
      label="SVG view"
      options={[
        { value: "image", label: "Image" },
        { value: "source", label: "Source" },
      ]}
      value={showSource ? "source" : "image"}
      onChange={(v) => setShowSource(v === "source")}
    />
  );
  if (showSource && source !== undefined) {
    return (
      <CodeView
        text={source}
        language="markup"
        actions={actions}
        controls={sourceSwitch}
        label="SVG source"
      />
    );
  }

  // Fit: tiny icons scale up by whole multiples (pixels kept sharp), large images shrink to fit.
  const fitScale = size ? Math.max(1, Math.floor(MIN_FIT_PX / Math.max(size.width, size.height, 1))) : 1;
  const scale = zoom === "fit" ? fitScale : Number(zoom);
  const style =
    size && (zoom !== "fit" || fitScale > 1)
      ? {
          width: size.width * scale,
          maxWidth: zoom === "fit" ? "100%" : "none",
          imageRendering: "pixelated" as const,
        }
      : undefined;

  return (
    <div>
      <RendererToolbar actions={actions}>
        {sourceSwitch}
        <ViewSwitch
          label="Zoom"
          options={[
            { value: "fit", label: "Fit" },
            { value: "1", label: "100%" },
            { value: "2", label: "200%" },
            { value: "4", label: "400%" },
          ]}
          value={zoom}
          onChange={setZoom}
        />
        {size && (
          <span className="text-zinc-500">
            {size.width} × {size.height} px{zoom === "fit" && fitScale > 1 ? ` · shown at ${fitScale}×` : ""}
          </span>
        )}
      </RendererToolbar>
      {content.isPending ? (
        <div className="px-3 py-4">
          <Spinner label="Loading image…" />
          <ContentDownloadStatus sessionId={sessionId} uri={readUri} index={index} kind="image" />
        </div>
      ) : content.isError ? (
        <p role="alert" className="px-3 py-4 text-xs text-rose-700">
          Could not load the image: {content.error.message}
        </p>
      ) : (
        <div className={`scrollbar-thin max-h-[70vh] overflow-auto p-3 ${CHECKERBOARD}`}>
          {broken && <p className="mb-2 text-xs text-rose-700">The browser could not decode this image.</p>}
          {/* eslint-disable-next-line @next/next/no-img-element -- a blob:/data: URL of server bytes; next/image cannot help */}
          <img
            ref={image}
            alt={alt}
            onError={() => setBroken(true)}
            onLoad={(event) => {
              setBroken(false);
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setSize(width > 0 ? { width, height } : null);
            }}
            style={style}
            className={zoom === "fit" ? "max-h-[60vh] max-w-full object-contain" : "max-w-none"}
          />
        </div>
      )}
    </div>
  );
}
