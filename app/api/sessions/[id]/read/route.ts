import { sessionIdSchema, uriQuerySchema } from "@/lib/contract";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(uriQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const result = await session.read(uri);
  session.recorder?.read(uri, result);
  return json(result);
});
