import { frameIdSchema } from "@/lib/api/contract";
import { frameHeaders } from "@/lib/security/security-headers";
import { HttpError } from "@/server/http/errors";
import { getFrameStore } from "@/server/http/frames";
import { BODY_LENGTH_HEADER } from "@/server/http/limits";
import { apiRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

/**
 * One preview document, by its unguessable id (a frame cannot send the token). Its own CSP
 * sandboxes it — an opaque origin wherever it is opened — and lets only our page frame it.
 */
export const GET = apiRoute<{ id: string }>(
  (req, { id }) => {
    const parsed = frameIdSchema.safeParse(id);
    const frame = parsed.success ? getFrameStore().get(parsed.data) : undefined;
    if (!frame)
      throw new HttpError(404, "not_found", "This preview has expired; open it again from the viewer.");
    // Scripts run only where the user asked for them: inside the viewer's frame. Opened as a page
    // of its own (Sec-Fetch-Dest: document, set by the browser, not by script), it stays inert.
    const framed = ["iframe", "frame"].includes(req.headers.get("sec-fetch-dest") ?? "");
    const scripts = frame.scripts && framed;
    return new Response(frame.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...Object.fromEntries(frameHeaders(scripts)),
        "Content-Type": frame.contentType,
        "Content-Length": String(frame.bytes.byteLength),
        [BODY_LENGTH_HEADER]: String(frame.bytes.byteLength),
        "Content-Disposition": "inline",
      },
    });
  },
  { public: true },
);
