import "server-only";
import type { ReadResponse } from "@/lib/api/contract";
import { HttpError } from "./errors";
import { BODY_LENGTH_HEADER } from "./limits";

const MIME =
  /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*[a-z0-9_.-]+=("[^"\r\n]*"|[^;\s"]*))*$/i;

/** A filename for Content-Disposition from the URI's last path segment. */
export function filenameFor(uri: string, index: number): string {
  let last = "";
  try {
    const u = new URL(uri);
    last = decodeURIComponent(u.pathname.split("/").filter(Boolean).pop() ?? u.hostname);
  } catch {
    last = uri.split(/[/:]/).filter(Boolean).pop() ?? "";
  }
  const clean = last.replace(/[\u0000-\u001f\u007f"\\/]/g, "_").slice(0, 200);
  const base = clean || "resource";
  return index > 0 ? `${index}-${base}` : base;
}

function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Content item `index` of a read as bytes (blob decoded, text as UTF-8) with its declared type. */
export function contentItemBytes(
  result: ReadResponse,
  index: number,
): { item: ReadResponse["contents"][number]; bytes: Buffer; mime: string } {
  const item = result.contents[index];
  if (!item) {
    throw new HttpError(
      404,
      "not_found",
      `The read returned ${result.contents.length} content item(s); there is no item ${index}.`,
    );
  }
  if ("blob" in item && typeof item.blob === "string") {
    return {
      item,
      bytes: Buffer.from(item.blob, "base64"),
      mime: item.mimeType ?? "application/octet-stream",
    };
  }
  if ("text" in item && typeof item.text === "string") {
    const mime = item.mimeType ?? "text/plain";
    return {
      item,
      bytes: Buffer.from(item.text, "utf8"),
      mime: /charset=/i.test(mime) ? mime : `${mime}; charset=utf-8`,
    };
  }
  throw new HttpError(502, "server_error", "The content item has neither text nor blob.");
}

/**
 * The raw bytes of one content item. Served so that nothing in them can act in our origin:
 * nosniff, and a CSP sandbox in case a browser is ever pointed at it directly.
 */
export function contentItemResponse(
  result: ReadResponse,
  uri: string,
  index: number,
  download: boolean,
): Response {
  const { item, bytes, mime: declared } = contentItemBytes(result, index);
  let mime = declared;
  if (!MIME.test(mime)) mime = "application/octet-stream";
  // The Buffer itself (a Uint8Array over its own ArrayBuffer at this size): no second copy.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": mime,
      "Content-Length": String(bytes.byteLength),
      [BODY_LENGTH_HEADER]: String(bytes.byteLength),
      "Content-Disposition": contentDisposition(
        download ? "attachment" : "inline",
        filenameFor(item.uri || uri, index),
      ),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'none'",
      "Cache-Control": "no-store",
    },
  });
}
