import { sessionIdSchema } from "@/lib/api/contract";
import { captureBodySchema } from "@/lib/capture/capture-request";
import { captureResponse } from "@/server/capture/respond";
import { apiRoute, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** The session's capture file (gzip JSON) as a download; `{ all, maxBytes }` as the body, or none. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(captureBodySchema, req.headers.has("content-type") ? await readJson(req) : {});
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return captureResponse(req, session, body);
});
