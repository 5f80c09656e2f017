import "server-only";
import type { SessionCreatedResponse } from "@/lib/contract";
import { FIRST_LISTS_BUDGET_MS } from "@/server/mcp/list-cache";
import { resourceListBody, templateListBody } from "@/server/mcp/list-bodies";
import type { McpSession } from "@/server/mcp/session";
import { json } from "./route";

export { resourceListBody, templateListBody };

/**
 * 201 with the session and, when the server listed in time, its resources and templates. The
 * walks started when initialize answered (the route's connect asked for them, `listsWithin`);
 * a session connected another way has them started here.
 */
export async function connectAnswer(session: McpSession): Promise<Response> {
  session.primeLists();
  const lists = await session.firstLists(FIRST_LISTS_BUDGET_MS);
  return json(
    {
      ...session.summary(),
      ...(lists
        ? {
            lists: {
              resources: resourceListBody(lists.resources),
              ...(lists.templates ? { templates: templateListBody(lists.templates) } : {}),
            },
          }
        : {}),
    } satisfies SessionCreatedResponse,
    201,
  );
}
