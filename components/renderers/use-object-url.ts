"use client";

import { useCallback } from "react";

type WithSrc = HTMLImageElement | HTMLMediaElement;

/**
 * Types whose document, if a user opens the element's URL in a tab of its own, cannot run script:
 * raster images, audio, video. A blob: URL is a document of our origin; for anything else (SVG
 * above all) the element gets a data: URL instead, which is always an opaque origin and which
 * browsers refuse to open as a top-level page from a link or script.
 */
const INERT_BLOB_TYPE =
  /^(image\/(png|apng|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|tiff)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

export function isInertBlobType(type: string): boolean {
  return INERT_BLOB_TYPE.test(type.split(";", 1)[0]!.trim().toLowerCase());
}

/**
 * A callback ref that shows `blob` in the element, through a URL living exactly as long as the
 * element shows it: created when the element mounts (or the blob changes), revoked on unmount
 * (React 19 ref cleanup). The URL is set on the element directly, never kept in state.
 */
export function useObjectUrlRef<T extends WithSrc>(
  blob: Blob | null | undefined,
): (element: T | null) => (() => void) | undefined {
  return useCallback(
    (element: T | null) => {
      if (!element || !blob) return undefined;
      const release = () => {
        element.removeAttribute("src");
        if (element instanceof HTMLMediaElement) element.load(); // release the decoder
      };
      if (!isInertBlobType(blob.type)) {
        let live = true;
        const reader = new FileReader();
        reader.onload = () => {
          if (live && typeof reader.result === "string") element.src = reader.result;
        };
        reader.readAsDataURL(blob);
        return () => {
          live = false;
          reader.abort();
          release();
        };
      }
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => {
        release();
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
}
