import "server-only";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { ResourceListResponse, SessionCreatedResponse, TemplateListResponse } from "@/lib/contract";
import type { PagedResult } from "@/server/mcp/pagination";
import type { McpSession } from "@/server/mcp/session";
import { json } from "./route";

/** GET …/resources, and the connect answer's first listing: one shape. */
export function resourceListBody({
  items,
  pages,
  warnings,
  hints,
}: PagedResult<Resource>): ResourceListResponse {
  return { resources: items, pages, ...(warnings.length ? { warnings } : {}), ...hints };
}

export function templateListBody({
  items,
  pages,
  warnings,
  hints,
}: PagedResult<ResourceTemplate>): TemplateListResponse {
  return { resourceTemplates: items, pages, ...(warnings.length ? { warnings } : {}), ...hints };
}

/**
 * How long a connect waits for the walks it starts after initialize. A small server lists in a
 * few ms, and the page would otherwise ask a round trip later, behind the other requests a new
 * session causes; a slow list is not worth holding the answer for (the page joins that walk).
 */
export const FIRST_LISTS_BUDGET_MS = 750;

/** 201 with the session and, when the server listed in time, its resources and templates. */
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
