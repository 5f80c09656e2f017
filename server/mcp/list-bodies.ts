import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { CacheHints, ResourceListResponse, TemplateListResponse } from "@/lib/api/contract";
import type { PagedResult } from "./pagination";

/** Every page's hints, in order, when any page carried some (a page without any: `{}`). */
export function pageHints({ received }: PagedResult<unknown>): { pageHints?: CacheHints[] } {
  return received.some((p) => p.hints) ? { pageHints: received.map((p) => p.hints ?? {}) } : {};
}

/** GET …/resources, the connect answer's first listing and the "connected" event's: one shape. */
export function resourceListBody(walk: PagedResult<Resource>): ResourceListResponse {
  const { items, pages, warnings, hints } = walk;
  return { resources: items, pages, ...(warnings.length ? { warnings } : {}), ...hints, ...pageHints(walk) };
}

export function templateListBody(walk: PagedResult<ResourceTemplate>): TemplateListResponse {
  const { items, pages, warnings, hints } = walk;
  return {
    resourceTemplates: items,
    pages,
    ...(warnings.length ? { warnings } : {}),
    ...hints,
    ...pageHints(walk),
  };
}
