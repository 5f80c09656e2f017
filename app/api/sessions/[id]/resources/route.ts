import { refreshQuerySchema, sessionIdSchema, type ResourceListResponse } from "@/lib/contract";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { refresh } = parseWith(refreshQuerySchema, searchParams(req));
  const { items, pages, warnings } = await getRegistry()
    .get(parseWith(sessionIdSchema, id))
    .listResources(refresh === "1");
  return json({
    resources: items,
    pages,
    ...(warnings.length ? { warnings } : {}),
  } satisfies ResourceListResponse);
});
