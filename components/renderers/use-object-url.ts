"use client";

import { useCallback } from "react";

type WithSrc = HTMLImageElement | HTMLMediaElement | HTMLIFrameElement;

/**
 * A callback ref that shows `blob` in the element through a blob: URL living exactly as long as
 * the element shows it: created when the element mounts (or the blob changes), revoked on unmount
 * (React 19 ref cleanup). The URL is set on the element directly, never kept in state.
 */
export function useObjectUrlRef<T extends WithSrc>(
  blob: Blob | null | undefined,
): (element: T | null) => (() => void) | undefined {
  return useCallback(
    (element: T | null) => {
      if (!element || !blob) return undefined;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => {
        element.removeAttribute("src");
        if (element instanceof HTMLMediaElement) element.load(); // release the decoder
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
}
