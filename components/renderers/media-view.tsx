"use client";

import { useState, type ReactNode } from "react";
import { ContentDownloadStatus } from "@/components/resource-viewer/content-download-status";
import { useContentBlob } from "@/components/resource-viewer/use-content-blob";
import { Spinner } from "@/components/ui/spinner";
import { RendererToolbar } from "./renderer-toolbar";
import { useObjectUrlRef } from "./use-object-url";

export interface MediaViewProps {
  kind: "audio" | "video";
  sessionId: string;
  readUri: string;
  index: number;
  mimeType: string;
  label: string;
  actions: ReactNode;
}

/** Audio or video in the browser's own player, from a blob: URL of the raw bytes. */
export function MediaView({ kind, sessionId, readUri, index, mimeType, label, actions }: MediaViewProps) {
  const content = useContentBlob(sessionId, readUri, index);
  const audio = useObjectUrlRef<HTMLAudioElement>(content.data?.blob);
  const video = useObjectUrlRef<HTMLVideoElement>(content.data?.blob);
  const [duration, setDuration] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  return (
    <div>
      <RendererToolbar actions={actions}>
        {duration !== null && Number.isFinite(duration) && (
          <span className="text-zinc-500">{duration.toFixed(2)} s</span>
        )}
      </RendererToolbar>
      <div className="px-3 py-3">
        {content.isPending && (
          <>
            <Spinner label={`Loading ${kind}…`} />
            <ContentDownloadStatus sessionId={sessionId} uri={readUri} index={index} kind={kind} />
          </>
        )}
        {content.isError && (
          <p role="alert" className="text-xs text-rose-700">
            Could not load the {kind}: {content.error.message}
          </p>
        )}
        {failed && (
          <p className="mb-2 text-xs text-amber-800">
            This browser cannot play {mimeType}; use Download to open it elsewhere.
          </p>
        )}
        {kind === "audio" ? (
          <audio
            ref={audio}
            controls
            preload="metadata"
            aria-label={label}
            onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
            onError={() => setFailed(true)}
            className={content.isSuccess ? "w-full max-w-lg" : "hidden"}
          />
        ) : (
          <video
            ref={video}
            controls
            preload="metadata"
            aria-label={label}
            onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
            onError={() => setFailed(true)}
            className={content.isSuccess ? "max-h-[60vh] max-w-full bg-black" : "hidden"}
          />
        )}
      </div>
    </div>
  );
}
