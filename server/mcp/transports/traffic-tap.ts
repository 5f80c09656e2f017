import "server-only";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

export type TrafficListener = (direction: "in" | "out", message: JSONRPCMessage, json: string) => void;

/**
 * The JSON text a message arrived as, for transports that have it (stdio reads lines), so a large
 * message is never serialized a second time just to be logged. Keyed by the parsed object.
 */
const arrivedAs = new WeakMap<object, string>();

export function rememberText(message: JSONRPCMessage, json: string): void {
  arrivedAs.set(message, json);
}

/** Messages whose line held bytes that were not UTF-8 (stdio sees bytes; HTTP transports do not). */
const invalidUtf8 = new WeakSet<object>();

export function rememberInvalidUtf8(message: JSONRPCMessage): void {
  invalidUtf8.add(message);
}

export function arrivedInvalidUtf8(message: JSONRPCMessage): boolean {
  return invalidUtf8.has(message);
}

/**
 * Whether a transport opens a POST stream per request and cancels by aborting it (the HTTP
 * transport's 2026-07-28 binding): the v2 client asks, so every wrapper passes it on.
 */
export function perRequestStreamOf(inner: Transport): boolean {
  return (inner as { hasPerRequestStream?: boolean }).hasPerRequestStream === true;
}

function textOf(message: JSONRPCMessage): string {
  return arrivedAs.get(message) ?? JSON.stringify(message);
}

/**
 * Wraps any SDK `Transport` and hears every message in both directions (traffic log, protocol
 * version), then passes it on unchanged. The negotiated protocol version is kept here because
 * stdio has no getter for it.
 */
export class TrafficTap implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  protocolVersion: string | null = null;
  private started: Promise<void> | null = null;

  constructor(
    private readonly inner: Transport,
    private readonly listener: TrafficListener,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.listener("in", message, textOf(message));
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean {
    return perRequestStreamOf(this.inner);
  }

  /** Idempotent: the era probe starts the transport before a client's connect() starts it again. */
  start(): Promise<void> {
    return (this.started ??= this.inner.start());
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.listener("out", message, JSON.stringify(message));
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }
}
