import { refreshQuerySchema, sessionIdSchema, type TemplateListResponse } from "@/lib/contract";
import { inFlight } from "@/server/http/in-flight";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { refresh } = parseWith(refreshQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const { items, pages, warnings, hints } = await inFlight(req, session, (ctx) =>
    session.listTemplates(refresh === "1", {}, ctx),
  );
  return json({
    resourceTemplates: items,
    pages,
    ...(warnings.length ? { warnings } : {}),
    ...hints,
  } satisfies TemplateListResponse);
});
