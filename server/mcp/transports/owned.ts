import "server-only";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { LaunchSpec, TransportDetails } from "@/lib/api/contract";

/**
 * A server sent one message larger than `MCP_INSPECTOR_MAX_MESSAGE_BYTES`: over WebSocket and
 * HTTP the session closes; over stdio the message is dropped and the session goes on.
 */
export class MessageTooLargeError extends Error {}

/** `error.data.inspector` of the answer that stands in for a dropped response (server/http/errors.ts). */
export const MESSAGE_TOO_LARGE = "message-too-large";

/**
 * A request of a live session the transport could not carry (a remote server that went away,
 * answered 500, refused the token): the reason in the user's words, the original as `cause`.
 */
export class TransportRequestError extends Error {}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What every owned transport is given by its session. */
export interface OwnedTransportOptions {
  /** Largest single JSON-RPC message accepted from the server (bytes). */
  maxMessageBytes: number;
  /** Text for the server's log panel: a process's stderr, or the transport's own notes. */
  onLog: (text: string) => void;
  /** A stdout line that is not a JSON-RPC message (stdio; the Problems panel hears it). */
  onStrayLine?: (line: string) => void;
  /** How long opening may take before it fails (a WebSocket handshake; the SDK times the rest). */
  connectTimeoutMs?: number;
  /** What `details()` shows changed by itself (a remote event stream lost or back). */
  onDetailsChanged?: () => void;
}

/**
 * The one thing a session talks to, whatever carries the messages: the SDK's `Transport` plus
 * what a session needs to own it — why it ended, how to reap it, what the header shows. Traffic
 * is not recorded here but by `TrafficTap` around it, so every transport is logged the same way.
 */
export interface OwnedTransport extends Transport {
  readonly kind: LaunchSpec["kind"];
  /** Why the transport ended, when we know better than "connection closed". */
  readonly failure: Error | null;
  /** A local process's exit, once it happened (always null for a remote server). */
  readonly exit: ExitInfo | null;
  /** For the server header (pid, or URL, transport used and Mcp-Session-Id). */
  details(reinitialized: number): TransportDetails;
  /** After `initialize` answered (a process tree is snapshotted here). */
  connected(): void;
  /** Give a failing server up to `ms` to say why (a process's exit code and last stderr). */
  settle(ms: number): Promise<void>;
  /** Initialization failed: the reason in the user's words, or null for the generic one. */
  describeStartFailure(cause: Error): string | null;
  /** It ended by itself: why, in the user's words. */
  describeEnd(): string;
  /**
   * The server forgot our session (HTTP 404 for its Mcp-Session-Id): the session re-initializes
   * under the user instead of failing. Always false for stdio.
   */
  isSessionExpired(err: unknown): boolean;
  /** OAuth: exchange the code the browser brought back (remote transports with sign-in only). */
  finishAuth?(code: string): Promise<void>;
  /** Idempotent; resolves once everything the transport owned (a process tree, a stream) is gone. */
  close(): Promise<void>;
  /** For process exit handlers, where nothing asynchronous runs. */
  killSync(): void;
}
