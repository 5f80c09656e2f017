"use client";

import { useObjectUrlRef } from "./use-object-url";

export interface SandboxedFrameProps {
  blob: Blob;
  title: string;
  /** `sandbox="allow-scripts"`; otherwise `sandbox=""` (nothing at all is allowed). */
  allowScripts: boolean;
  className?: string;
}

/**
 * Server content in an iframe with a unique, opaque origin: the sandbox never includes
 * allow-same-origin (nor forms, popups or top navigation), so even with scripts on, the page
 * cannot reach this document, its storage, or the inspector's API. Loaded from a blob: URL, which
 * the app's CSP (`frame-src blob:`) allows; the document inherits that CSP, so it cannot load
 * anything remote either. Sandbox flags apply when the frame navigates: remount (key) to change
 * `allowScripts`.
 */
export function SandboxedFrame({ blob, title, allowScripts, className }: SandboxedFrameProps) {
  const frame = useObjectUrlRef<HTMLIFrameElement>(blob);
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox={allowScripts ? "allow-scripts" : ""}
      referrerPolicy="no-referrer"
      className={className ?? "h-[60vh] w-full border-0 bg-white"}
    />
  );
}
