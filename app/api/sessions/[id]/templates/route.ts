import { refreshQuerySchema, sessionIdSchema } from "@/lib/api/contract";
import { inFlight } from "@/server/http/tracked";
import { templateListBody } from "@/server/http/lists";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { refresh } = parseWith(refreshQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const listed = await inFlight(req, session, (ctx) => session.listTemplates(refresh === "1", {}, ctx));
  return json(templateListBody(listed));
});
