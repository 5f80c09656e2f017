"use client";

import { useEffect, useMemo, useState } from "react";
import { base64Head, decodeBase64Lenient } from "@/lib/content/base64";
import { dispatchContent, parseMimeType, type Dispatch } from "@/lib/content/mime-dispatch";
import { SNIFF_BYTES, sniffBytes, type SniffResult } from "@/lib/content/mime-sniff";
import { entryBlob, entryText, type ContentEntry } from "./content-entry";

export interface ContentDispatch {
  /** null while a blob without a declared type is still being sniffed. */
  dispatch: Dispatch | null;
  /** The text to show (text item, or textual blob decoded as UTF-8); null for binary. */
  text: string | null;
  /** For blobs: what the first bytes look like; null while looking, undefined when nothing. */
  sniffed: SniffResult | undefined | null;
}

const decoder = new TextDecoder(); // invalid UTF-8 becomes U+FFFD

/** Sniffs a blob's first bytes (async: file-type) once per blob. */
function useSniff(blob: string | undefined): SniffResult | undefined | null {
  const [result, setResult] = useState<{ for: string; value: SniffResult | undefined } | null>(null);
  useEffect(() => {
    if (blob === undefined) return;
    let cancelled = false;
    sniffBytes(decodeBase64Lenient(base64Head(blob, SNIFF_BYTES), SNIFF_BYTES))
      .then((value) => {
        if (!cancelled) setResult({ for: blob, value });
      })
      .catch(() => {
        if (!cancelled) setResult({ for: blob, value: undefined });
      });
    return () => {
      cancelled = true;
    };
  }, [blob]);
  if (blob === undefined) return undefined;
  return result?.for === blob ? result.value : null;
}

/**
 * Decides how to render a content item (lib/content/mime-dispatch.ts) and gets its text if it is text.
 * Called once per item, by the item (resource-viewer/content-item.tsx): its header and its body
 * show this one decision.
 */
export function useContentDispatch(item: ContentEntry, listedMimeType: string | undefined): ContentDispatch {
  const textItem = entryText(item);
  const blob = entryBlob(item);
  const sniffed = useSniff(blob);
  const declared = parseMimeType(item.mimeType) !== undefined || parseMimeType(listedMimeType) !== undefined;
  const sniffedType = sniffed?.mimeType;
  const blobLooksLikeText = blob !== undefined && sniffedType === "text/plain" && !declared;
  // What the server said about the item: every decision below starts from it.
  const said = useMemo(
    () => ({ uri: item.uri, mimeType: item.mimeType, listedMimeType }),
    [item.uri, item.mimeType, listedMimeType],
  );

  // A blob's bytes as UTF-8 text, when its type (or, without one, its bytes) says it is text.
  const preliminary = useMemo(
    () =>
      blob !== undefined && (declared || sniffed !== null)
        ? dispatchContent({ ...said, isBlob: true, sniffedMimeType: sniffedType })
        : null,
    [blob, declared, sniffed, sniffedType, said],
  );
  const decoded = useMemo(
    () =>
      blob !== undefined && (preliminary?.textual || blobLooksLikeText)
        ? decoder.decode(decodeBase64Lenient(blob))
        : null,
    [blob, preliminary, blobLooksLikeText],
  );

  const dispatch = useMemo(() => {
    if (blob === undefined) return dispatchContent({ ...said, isBlob: false, text: textItem });
    if (!preliminary) return null;
    // Without a declared type, text-looking bytes get the text sniff (JSON, SVG, HTML) too.
    return blobLooksLikeText && decoded !== null
      ? dispatchContent({ ...said, isBlob: true, sniffedMimeType: sniffedType, text: decoded })
      : preliminary;
  }, [blob, preliminary, blobLooksLikeText, decoded, said, sniffedType, textItem]);

  const text = blob === undefined ? (textItem ?? "") : dispatch?.textual ? decoded : null;
  return { dispatch, text, sniffed };
}
