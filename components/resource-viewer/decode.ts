/**
 * Decodes base64 (a blob content item) to UTF-8 text; invalid UTF-8 becomes U+FFFD.
 * Returns null when the string is not base64 at all.
 */
export function decodeBase64Text(base64: string): string | null {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** Pretty-prints JSON text; returns null when the text is not JSON. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

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
