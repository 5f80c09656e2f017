import "server-only";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  UnsubscribeRequestSchema,
  type Implementation,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import type { TransportDetails } from "@/lib/api/contract";
import type { Capture } from "@/lib/capture/format";
import { CaptureReadOnlyError } from "../session-errors";
import type { OwnedTransport } from "./owned";

/** The sentence a read of a URI the capture does not hold answers with (the viewer shows it). */
export function notCapturedMessage(capture: Capture, uri?: string): string {
  const n = capture.reads.length;
  const holds = `the capture holds ${n} read${n === 1 ? "" : "s"}`;
  if (!capture.budget.all)
    return `This read was not captured (${holds}; capture with --all to include every resource).`;
  // "All" reads every listed resource, never a template's expansions nor an unlisted URI.
  const skipped = uri !== undefined && capture.budget.skipped.some((s) => s.uri === uri);
  return skipped
    ? `This read was not captured: the capture's byte budget ran out before it (${holds}; capture again with a larger --max-bytes).`
    : `This read was not captured (${holds}): "all" reads every listed resource, not template expansions or unlisted URIs; read it live, or open it in the page before capturing.`;
}

/** The replay refuses with the MCP error a server would send: code and message, no "MCP error" prefix. */
function mcpFailure(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

type Listing = Capture["resources"];

/**
 * The page a walk asks for, exactly as captured: the first for no cursor, else the page that was
 * asked for with that cursor (the first such, so a repeating cursor repeats as it did live). A
 * cursor the capture never asked is the walk's end: the listing's recorded error, or a clear one.
 */
function pageOf(listing: Listing, cursor: string | undefined, key: "resources" | "resourceTemplates") {
  const page = cursor === undefined ? listing.pages[0] : listing.pages.find((p) => p.cursor === cursor);
  if (!page) {
    if (cursor === undefined) return { [key]: [] };
    throw mcpFailure(
      ErrorCode.InvalidParams,
      listing.error ?? `The capture holds no page for cursor ${JSON.stringify(cursor.slice(0, 200))}.`,
    );
  }
  // The page's cache hints as captured (2026-07-28), so an opened capture shows them too.
  const { nextCursor, ttlMs, cacheScope } = page;
  return {
    [key]: page.items,
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    ...(ttlMs !== undefined ? { ttlMs } : {}),
    ...(cacheScope !== undefined ? { cacheScope } : {}),
  };
}

/**
 * The SDK's `Server` answering from a capture (issue 25, "open offline"): initialize with the
 * captured identity, both listings page by page as received (a broken pagination breaks the same
 * way), each captured read's result or error, and a sentence for a read the capture does not hold.
 * Subscribing is refused: a capture does not change.
 */
export function replayServer(capture: Capture): Server {
  const info: Implementation = {
    name: capture.server.name ?? capture.name,
    version: capture.server.version ?? "",
    ...(capture.server.title !== undefined ? { title: capture.server.title } : {}),
  };
  // Declared to the SDK only so it lets the resource handlers be set; initialize answers the capture's.
  const server = new Server(info, { capabilities: { resources: {}, tools: {} } });
  server.setRequestHandler(InitializeRequestSchema, (req) => ({
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(req.params.protocolVersion)
      ? req.params.protocolVersion
      : LATEST_PROTOCOL_VERSION,
    capabilities: capture.server.capabilities as ServerCapabilities,
    serverInfo: info,
    ...(capture.server.instructions !== undefined ? { instructions: capture.server.instructions } : {}),
  }));
  server.setRequestHandler(ListResourcesRequestSchema, (req) =>
    pageOf(capture.resources, req.params?.cursor, "resources"),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) =>
    pageOf(capture.templates, req.params?.cursor, "resourceTemplates"),
  );
  // The latest outcome of a URI read twice, as the capture's reads keep it.
  const reads = new Map<string, Capture["reads"][number]>();
  for (const r of capture.reads) reads.set(r.uri, r);
  server.setRequestHandler(ReadResourceRequestSchema, (req) => {
    const read = reads.get(req.params.uri);
    if (!read) throw mcpFailure(-32002, notCapturedMessage(capture, req.params.uri));
    if (read.error) {
      // The message as the capturing client kept it: its McpError put "MCP error N: " in front of
      // what the server sent; the replay sends what the server sent, so the client here matches.
      const code = read.error.code ?? ErrorCode.InternalError;
      const prefix = `MCP error ${code}: `;
      const message = read.error.message;
      throw mcpFailure(code, message.startsWith(prefix) ? message.slice(prefix.length) : message);
    }
    return read.result as { contents: [] };
  });
  const readOnly = () => {
    throw mcpFailure(ErrorCode.InvalidRequest, new CaptureReadOnlyError().message);
  };
  server.setRequestHandler(SubscribeRequestSchema, readOnly);
  server.setRequestHandler(UnsubscribeRequestSchema, readOnly);
  server.setRequestHandler(ListToolsRequestSchema, () => {
    throw mcpFailure(ErrorCode.InvalidRequest, "A capture holds no tools: tools run only on a live server.");
  });
  return server;
}

/**
 * A capture's transport: an in-memory pair whose far end is `replayServer`, in this process. No
 * process, no socket; closing it closes the server. The details show the captured launch's kind.
 */
export class OwnedReplayTransport implements OwnedTransport {
  readonly kind: Capture["launch"]["kind"];
  readonly failure = null;
  readonly exit = null;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly near: Transport;
  private readonly server: Server;
  private readonly far: Transport;
  private closed: Promise<void> | null = null;

  constructor(private readonly capture: Capture) {
    this.kind = capture.launch.kind;
    const [near, far] = InMemoryTransport.createLinkedPair();
    this.near = near;
    this.far = far;
    this.server = replayServer(capture);
    near.onclose = () => this.onclose?.();
    near.onerror = (err) => this.onerror?.(err);
    near.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  async start(): Promise<void> {
    await this.server.connect(this.far);
    await this.near.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.near.send(message, options);
  }

  details(): TransportDetails {
    const launch = this.capture.launch;
    if (launch.kind === "stdio") return { kind: "stdio", pid: null };
    return {
      kind: "http",
      url: launch.url,
      used: null,
      sessionId: null,
      reinitialized: 0,
      streamLost: false,
    };
  }

  connected(): void {}

  async settle(): Promise<void> {}

  describeStartFailure(cause: Error): string | null {
    return `The capture could not be replayed: ${cause.message}`;
  }

  describeEnd(): string {
    return "The capture was closed.";
  }

  isSessionExpired(): boolean {
    return false;
  }

  close(): Promise<void> {
    return (this.closed ??= this.server.close());
  }

  killSync(): void {}
}
