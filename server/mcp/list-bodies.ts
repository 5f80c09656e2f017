import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { ResourceListResponse, TemplateListResponse } from "@/lib/api/contract";
import type { PagedResult } from "./pagination";

/** GET …/resources, the connect answer's first listing and the "connected" event's: one shape. */
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
