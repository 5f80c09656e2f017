"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { Spinner } from "@/components/ui/spinner";
import { frameQuery } from "@/lib/api/queries";

export interface SandboxedFrameProps {
  sessionId: string;
  /** The URI that was read, and which of its content items to show. */
  readUri: string;
  index: number;
  kind: "html" | "pdf";
  title: string;
  /** `sandbox="allow-scripts"`; otherwise `sandbox=""` (nothing at all is allowed). */
  allowScripts: boolean;
  className?: string;
}

/**
 * Server content in an iframe with a unique, opaque origin, twice over: the sandbox attribute
 * never includes allow-same-origin (nor forms, popups or top navigation), and the document comes
 * from the frame route (app/frame/[id]) with a `sandbox` CSP of its own, so it stays an opaque
 * origin when opened in a tab of its own, where a blob: URL would have been our origin. Nothing
 * remote loads in it (its CSP). Sandbox flags apply when the frame navigates: remount (key) to
 * change `allowScripts`.
 */
export function SandboxedFrame({
  sessionId,
  readUri,
  index,
  kind,
  title,
  allowScripts,
  className,
}: SandboxedFrameProps) {
  const frame = useQuery(frameQuery(api, sessionId, { uri: readUri, index, kind, scripts: allowScripts }));
  if (frame.isPending) {
    return (
      <div className="px-3 py-4">
        <Spinner label="Preparing the preview…" />
      </div>
    );
  }
  if (frame.isError) {
    return (
      <p role="alert" className="px-3 py-4 text-xs text-rose-700">
        Could not prepare the preview: {frame.error.message}
      </p>
    );
  }
  return (
    <iframe
      src={frame.data.url}
      title={title}
      sandbox={allowScripts ? "allow-scripts" : ""}
      referrerPolicy="no-referrer"
      className={className ?? "h-[60vh] w-full border-0 bg-white"}
    />
  );
}
