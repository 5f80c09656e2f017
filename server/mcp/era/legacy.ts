import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type Implementation,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { TrafficTap } from "../transports/traffic-tap";
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

  async listResources(cursor: string | undefined, options: RequestOptions) {
    const r = await this.client.listResources(cursor ? { cursor } : {}, options);
    return { items: r.resources, nextCursor: r.nextCursor };
  }

  async listTemplates(cursor: string | undefined, options: RequestOptions) {
    const r = await this.client.listResourceTemplates(cursor ? { cursor } : {}, options);
    return { items: r.resourceTemplates, nextCursor: r.nextCursor };
  }

  read(uri: string, options: RequestOptions) {
    return this.client.readResource({ uri }, options);
  }

  async complete(params: Parameters<ProtocolClient["complete"]>[0], options: RequestOptions) {
    return (await this.client.complete(params, options)).completion;
  }

  async listTools(cursor: string | undefined, options: RequestOptions): Promise<Page<Tool>> {
    const r = await this.client.listTools(cursor ? { cursor } : {}, options);
    return { items: r.tools, nextCursor: r.nextCursor };
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
