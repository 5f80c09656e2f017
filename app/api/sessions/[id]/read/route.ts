import { sessionIdSchema, uriQuerySchema } from "@/lib/contract";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(uriQuerySchema, searchParams(req));
  return json(await getRegistry().get(parseWith(sessionIdSchema, id)).read(uri));
});
