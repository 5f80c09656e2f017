import { contentQuerySchema, sessionIdSchema } from "@/lib/api/contract";
import { contentItemResponse } from "@/server/http/content";
import { inFlight } from "@/server/http/tracked";
import { apiRoute, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri, index, download } = parseWith(contentQuerySchema, searchParams(req));
  // The bytes of a read the viewer already made, not a read of its own (a recording skips it).
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const result = await inFlight(req, session, (ctx) => session.read(uri, false, { silent: true }, ctx));
  return contentItemResponse(result, uri, index, download === "1");
});
