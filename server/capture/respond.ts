import "server-only";
import { captureFileName, captureProgressText, type CaptureBody } from "@/lib/capture/capture-request";
import { encodeCapture } from "@/lib/capture/format";
import { inFlight } from "@/server/http/tracked";
import type { RequestContext } from "@/server/mcp/in-flight";
import type { McpSession } from "@/server/mcp/session";
import { SessionNotConnectedError } from "@/server/mcp/session-errors";
import { captureSession } from "./writer";

/**
 * `POST /api/sessions/{id}/capture`: the capture file's bytes as a download. It runs as the page's
 * tracked request: the writer's steps are its progress ("reading 3 of 40"), a cancel (by id, or the
 * fetch going away) stops it and nothing is sent. A session that is not connected is refused (409)
 * rather than captured half: its listings would be errors, not what the server served.
 */
export async function captureResponse(
  req: Request,
  session: McpSession,
  body: CaptureBody,
): Promise<Response> {
  if (session.status !== "connected") throw new SessionNotConnectedError(session.name, session.status);
  const capture = await inFlight(req, session, (ctx) =>
    captureSession(session, {
      ...(body.all !== undefined ? { all: body.all } : {}),
      ...(body.maxBytes !== undefined ? { maxBytes: body.maxBytes } : {}),
      signal: ctx.signal,
      onProgress: (p) =>
        ctx.onprogress({
          progress: p.done,
          // The listings have no meaningful fraction; the reads do.
          ...(p.phase === "reads" ? { total: p.total } : {}),
          message: captureProgressText(p),
        }),
      ctx: quiet(ctx),
    }),
  );
  const bytes = await encodeCapture(capture);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${captureFileName(session.name)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The request's signal for every read and walk, but their own progress kept out of the capture's bar. */
function quiet(ctx: RequestContext): RequestContext {
  return { signal: ctx.signal, onprogress: () => undefined, page: () => undefined };
}
