import { refreshQuerySchema, sessionIdSchema, type ResourceListResponse } from "@/lib/contract";
import { inFlight } from "@/server/http/in-flight";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Every page; `?refresh=1` walks again even when list_changed keeps the cached listing fresh. */
export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { refresh } = parseWith(refreshQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const { items, pages, warnings, hints } = await inFlight(req, session, (ctx) =>
    session.listResources(refresh === "1", {}, ctx),
  );
  return json({
    resources: items,
    pages,
    ...(warnings.length ? { warnings } : {}),
    ...hints,
  } satisfies ResourceListResponse);
});
