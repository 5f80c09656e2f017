/** Long enough for the browser to start saving (some start after the click handler returns). */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves `blob` as a file: a short-lived `blob:` URL (always application/octet-stream) on a clicked `<a download>`, revoked after a
 * minute (`onRevoked` then). Returns the URL, for callers that revoke earlier (on unmount).
 */
export function saveBlob(blob: Blob, fileName: string, onRevoked?: (url: string) => void): string {
  // Bytes to save, never a document: a blob: URL is our origin, and a server's text/html or SVG
  // opened from it would run there. As octet-stream the browser only ever downloads it.
  const url = URL.createObjectURL(new Blob([blob], { type: "application/octet-stream" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
    onRevoked?.(url);
  }, REVOKE_AFTER_MS);
  return url;
}

/** Saves text as a file of the given type. */
export function downloadText(fileName: string, text: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Saves `value` as a pretty-printed JSON file. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadText(fileName, JSON.stringify(value, null, 2), "application/json");
}
