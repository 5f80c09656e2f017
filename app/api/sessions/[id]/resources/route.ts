import { sessionIdSchema, type ResourceListResponse } from "@/lib/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (_req, { id }) => {
  const { items, pages, warnings } = await getRegistry().get(parseWith(sessionIdSchema, id)).listResources();
  return json({
    resources: items,
    pages,
    ...(warnings.length ? { warnings } : {}),
  } satisfies ResourceListResponse);
});
