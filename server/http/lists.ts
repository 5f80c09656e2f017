import "server-only";
import type { SessionCreatedResponse } from "@/lib/api/contract";
import { resourceListBody, templateListBody } from "@/server/mcp/list-bodies";
import type { McpSession } from "@/server/mcp/session";
import { json } from "./route";

export { resourceListBody, templateListBody };

/**
 * 201 with the session and, when the server listed in time, its resources and templates: the
 * walks its connect started when initialize answered and waited for (`listsWithin`).
 */
export async function connectAnswer(session: McpSession): Promise<Response> {
  const lists = await session.firstLists();
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
