/** A file name for a download: the URI's last path segment, made safe for file systems. */
export function fileNameFromUri(uri: string, fallback = "resource"): string {
  const path = uri.split(/[?#]/, 1)[0] ?? "";
  const segment = path.split("/").filter(Boolean).pop() ?? "";
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // Malformed escape: keep the segment as written.
  }
  // The scheme alone ("demo:") is not a name.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:$/.test(name)) name = "";
  name = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 200);
  return name || fallback;
}
