import { sessionIdSchema, uriQuerySchema } from "@/lib/contract";
import { registerFastRoute } from "@/server/http/fast-lane";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(uriQuerySchema, searchParams(req));
  return json(await getRegistry().get(parseWith(sessionIdSchema, id)).read(uri));
});

// The launcher answers later reads with this same handler, without Next's router (fast-lane.ts).
registerFastRoute("read", GET);
