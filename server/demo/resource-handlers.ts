import type { RegisteredResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  ReadResourceResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { LiveResources } from "./live";
import { paginate } from "./paging";
import { resourceNotFound } from "./demo-errors";
import { readSlowReport, slowReportPace } from "./slow";
import type { ResourceStore } from "./resource-store";

/**
 * Our own resources/list, read, subscribe and unsubscribe handlers on the low-level Server.
 * McpServer (SDK 1.32) neither paginates resources/list nor supports subscriptions, and its read
 * handler looks up `new URL(uri).href`, which percent-encodes a listed unicode uri so it is never
 * found. Install these AFTER registering templates: McpServer installs its own handlers on the
 * first registerResource call, and setRequestHandler replaces a handler for the same method.
 */

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
type Reader = (extra: Extra) => ReadResourceResult | Promise<ReadResourceResult>;

export interface ResourceHandlerDeps {
  store: ResourceStore;
  templates: readonly RegisteredResourceTemplate[];
  live: LiveResources;
  pageSize: number;
  /** Where the slow report says it was cancelled (stderr). */
  log: (line: string) => void;
}

/** Listed resources first (exact uri, then canonical form), then the first matching template. */
function resolve(uri: string, { store, templates, log }: ResourceHandlerDeps): Reader | undefined {
  const slow = slowReportPace(uri);
  if (slow) return (extra) => readSlowReport(uri, slow, extra, log);
  const listed = store.get(uri);
  if (listed) return () => ({ contents: listed.read() });
  for (const template of templates) {
    if (!template.enabled) continue;
    const variables = template.resourceTemplate.uriTemplate.match(uri);
    if (variables && URL.canParse(uri)) {
      return (extra) => template.readCallback(new URL(uri), variables, extra);
    }
  }
  return undefined;
}

export function installResourceHandlers(server: Server, deps: ResourceHandlerDeps): void {
  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const page = paginate(deps.store.list(), request.params?.cursor, deps.pageSize);
    return page.nextCursor === undefined
      ? { resources: page.items }
      : { resources: page.items, nextCursor: page.nextCursor };
  });

  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => {
    const read = resolve(request.params.uri, deps);
    if (!read) throw resourceNotFound(request.params.uri);
    return read(extra);
  });

  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (!resolve(uri, deps)) throw resourceNotFound(uri);
    deps.live.subscribe(uri);
    return {};
  });

  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    // Unsubscribing from something never subscribed (or since removed) is harmless: no error.
    deps.live.unsubscribe(request.params.uri);
    return {};
  });
}
