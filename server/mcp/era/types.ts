import "server-only";
import type * as Api from "@/lib/api/contract";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ReadAnswer } from "@/lib/api/input-required";
import type { TrafficTap } from "../transports/traffic-tap";

/** What the session hears from whichever client speaks to the server. */
export interface ProtocolHandlers {
  onResourceUpdated(uri: string): void;
  onListChanged(): void;
  /** The connection ended (the transport closed), as `Client.onclose`. */
  onClose(): void;
  /** Something the user should see in the server's log panel (`[inspector] …`). */
  note(text: string): void;
}

export interface RequestOptions {
  timeout: number;
}

export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
  hints?: Api.CacheHints;
  /** What was wrong with the page and left out of it (server/mcp/era/salvage.ts), one sentence each. */
  warnings?: string[];
}

/**
 * One era's protocol client behind the session (server/mcp/session.ts). The session never asks
 * which era it has: lists, reads, templates, completions, tools and watches look the same, and
 * the era shows only in the summary.
 */
export interface ProtocolClient {
  readonly era: Api.Era;
  connect(tap: TrafficTap, options: RequestOptions): Promise<void>;
  serverInfo(): Api.Implementation | null;
  capabilities(): Api.ServerCapabilities | null;
  instructions(): string | undefined;
  listResources(cursor: string | undefined, options: RequestOptions): Promise<Page<Api.Resource>>;
  listTemplates(cursor: string | undefined, options: RequestOptions): Promise<Page<Api.ResourceTemplate>>;
  /** `answer`: a retry of an input_required read (2026-07-28 only; the legacy era has none). */
  read(uri: string, options: RequestOptions, answer?: ReadAnswer): Promise<Api.ReadResponse>;
  complete(
    params: {
      ref: { type: "ref/resource"; uri: string };
      argument: { name: string; value: string };
      context?: { arguments: Record<string, string> };
    },
    options: RequestOptions,
  ): Promise<{ values: string[]; total?: number; hasMore?: boolean; warnings?: string[] }>;
  listTools(cursor: string | undefined, options: RequestOptions): Promise<Page<Api.Tool>>;
  callTool(name: string, args: Record<string, unknown>, options: RequestOptions): Promise<CallToolResult>;
  /** Start hearing updates of `uri` (legacy: resources/subscribe; modern: re-listen). */
  watch(uri: string, options: RequestOptions): Promise<void>;
  unwatch(uri: string, options: RequestOptions): Promise<void>;
  /** Watched URIs the server did not acknowledge (modern listen); always empty in the legacy era. */
  unacknowledged(): string[];
  close(): Promise<void>;
}
