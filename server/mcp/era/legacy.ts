import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type Implementation,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ReadResponse, Resource, ResourceTemplate } from "@/lib/api/contract";
import type { TrafficTap } from "../transports/traffic-tap";
import { ANY_RESULT, completionOf, pageOf, readOf } from "./salvage";
import type { Page, ProtocolClient, ProtocolHandlers, RequestOptions } from "./types";

/** The legacy era (`initialize`, 2024-11-05 … 2025-11-25) through SDK 1.32's Client. */
export class LegacyProtocolClient implements ProtocolClient {
  readonly era = "legacy" as const;
  private readonly client: Client;

  constructor(clientInfo: Implementation, handlers: ProtocolHandlers) {
    this.client = new Client(clientInfo, { capabilities: {} });
    this.client.onclose = () => handlers.onClose();
    this.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
      handlers.onResourceUpdated(n.params.uri),
    );
    // The SDK's own listChanged auto-refresh re-lists only the first page; the session walks all.
    this.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => handlers.onListChanged());
  }

  connect(tap: TrafficTap, options: RequestOptions): Promise<void> {
    return this.client.connect(tap, options);
  }

  serverInfo() {
    return this.client.getServerVersion() ?? null;
  }

  capabilities() {
    return this.client.getServerCapabilities() ?? null;
  }

  instructions() {
    return this.client.getInstructions();
  }

  // Every result is taken as it came and salvaged item by item (salvage.ts: the SDK's own whole
  // check of a hostile page built millions of zod issues).
  private raw(method: string, params: Record<string, unknown>, options: RequestOptions) {
    return this.client.request({ method, params }, ANY_RESULT, options);
  }

  async listResources(cursor: string | undefined, options: RequestOptions): Promise<Page<Resource>> {
    return pageOf(await this.raw("resources/list", cursor ? { cursor } : {}, options), "resources");
  }

  async listTemplates(cursor: string | undefined, options: RequestOptions): Promise<Page<ResourceTemplate>> {
    const r = await this.raw("resources/templates/list", cursor ? { cursor } : {}, options);
    return pageOf(r, "resourceTemplates");
  }

  async read(uri: string, options: RequestOptions): Promise<ReadResponse> {
    return readOf<ReadResponse>(await this.raw("resources/read", { uri }, options));
  }

  async complete(params: Parameters<ProtocolClient["complete"]>[0], options: RequestOptions) {
    return completionOf(await this.raw("completion/complete", params, options));
  }

  async listTools(cursor: string | undefined, options: RequestOptions): Promise<Page<Tool>> {
    const page = await pageOf<Tool>(await this.raw("tools/list", cursor ? { cursor } : {}, options), "tools");
    // What the SDK's listTools does after its check: callTool validates structured output with it.
    (this.client as unknown as { cacheToolMetadata?: (tools: Tool[]) => void }).cacheToolMetadata?.(
      page.items,
    );
    return page;
  }

  async callTool(name: string, args: Record<string, unknown>, options: RequestOptions) {
    return (await this.client.callTool({ name, arguments: args }, undefined, options)) as Awaited<
      ReturnType<ProtocolClient["callTool"]>
    >;
  }

  async watch(uri: string, options: RequestOptions) {
    await this.client.subscribeResource({ uri }, options);
  }

  async unwatch(uri: string, options: RequestOptions) {
    await this.client.unsubscribeResource({ uri }, options);
  }

  unacknowledged() {
    return [];
  }

  close() {
    return this.client.close();
  }
}
