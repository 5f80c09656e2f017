import { refreshQuerySchema, sessionIdSchema } from "@/lib/api/contract";
import { inFlight } from "@/server/http/tracked";
import { resourceListBody } from "@/server/http/lists";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Every page; `?refresh=1` walks again even when list_changed keeps the cached listing fresh. */
export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { refresh } = parseWith(refreshQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const listed = await inFlight(req, session, (ctx) => session.listResources(refresh === "1", {}, ctx));
  return json(resourceListBody(listed));
});
