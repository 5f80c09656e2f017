import "server-only";
import WebSocket from "ws";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { TransportDetails } from "@/lib/api/contract";
import { clip } from "@/lib/limits/bounds";
import { rememberText } from "./traffic-tap";
import {
  MessageTooLargeError,
  TransportRequestError,
  type OwnedTransport,
  type OwnedTransportOptions,
} from "./owned";
import { RemoteTransport } from "./remote";
import { describeClose, describeHandshakeFailure, type Refusal } from "./websocket-failures";

/**
 * The subprotocol of MCP over WebSocket: what the SDK's `WebSocketClientTransport` asks for
 * (client/websocket.js `SUBPROTOCOL`) and Claude Code's `"type": "ws"` servers answer.
 */
export const MCP_SUBPROTOCOL = "mcp";

/** A live socket is pinged this often; no pong by the next ping and it is taken as dropped. */
const PING_INTERVAL_MS = 15_000;

export interface WebSocketTransportOptions extends OwnedTransportOptions {
  /** Tests shorten it; a half-open connection (a machine gone, no FIN) is noticed in two of these. */
  pingIntervalMs?: number;
}

/**
 * Headers the WebSocket handshake sets itself: a user's header of that name would break it (or
 * smuggle a second upgrade), so it is left out and the log says so.
 */
const HANDSHAKE_HEADERS = /^(sec-websocket-.*|connection|upgrade|host|content-length|transfer-encoding)$/i;

/**
 * A server behind a ws:// or wss:// URL, one JSON-RPC message per text frame, over the `ws`
 * package (Node 20 has no global WebSocket, which the SDK's own transport needs, and that one
 * takes no headers and no size cap). The user's headers go on the handshake only, which goes
 * only to the URL's origin: redirects are never followed (a 3xx is explained, not obeyed). One
 * message over `maxMessageBytes` ends the connection (the `ws` package's `maxPayload`, which also
 * bounds a compressed frame's inflated size; compression is not offered at all). No OAuth: a 401
 * on the upgrade says to give a header. No session id: a dropped socket is a disconnected
 * session with the close code and reason, and Reconnect opens a new one.
 */
export class OwnedWebSocketTransport
  extends RemoteTransport<WebSocketTransportOptions>
  implements OwnedTransport
{
  private socket: WebSocket | null = null;
  /** The upgrade was answered with something else than 101. */
  private refusal: Refusal | null = null;
  private opened = false;
  /** Closed by us (close(), a message too large): not news to describe. */
  private closedByUs = false;
  private closing: Promise<void> | null = null;
  private closed: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  get sessionId(): undefined {
    return undefined;
  }

  start(): Promise<void> {
    if (this.socket) throw new Error("transport already started");
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(this.url, [MCP_SUBPROTOCOL], {
        headers: this.handshakeHeaders(),
        maxPayload: this.options.maxMessageBytes,
        followRedirects: false,
        perMessageDeflate: false,
      });
      this.socket = socket;
      let handshakeError: Error | null = null;
      // A deadline, not the `ws` package's `handshakeTimeout`: that is the request's idle timer,
      // and a server sending its 101 one byte every 2 s kept a session "connecting" for minutes.
      const timeoutMs = this.options.connectTimeoutMs;
      const deadline =
        timeoutMs === undefined
          ? null
          : setTimeout(() => {
              handshakeError ??= new Error("Opening handshake has timed out");
              socket.terminate();
            }, timeoutMs);
      deadline?.unref();
      /** What the `ws` package said went wrong on a live socket (a bad frame): kept for the close. */
      let liveError: Error | null = null;
      this.closed = new Promise<void>((done) => socket.once("close", () => done()));
      socket.on("unexpected-response", (_req, res) => {
        const location = res.headers.location;
        this.refusal = {
          status: res.statusCode ?? 0,
          location: typeof location === "string" ? clip(location, 500) : undefined,
        };
        res.resume();
        // While CONNECTING this aborts the handshake: `error`, then `close`.
        socket.terminate();
      });
      socket.on("open", () => {
        if (deadline) clearTimeout(deadline);
        this.opened = true;
        this.keepAlive(socket);
        resolve();
      });
      socket.on("error", (err: Error & { code?: string }) => {
        if (!this.opened) {
          handshakeError ??= err;
          return;
        }
        if (err.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") {
          const limitMb = Math.round(this.options.maxMessageBytes / (1024 * 1024));
          this.failure ??= new MessageTooLargeError(
            `The server sent a message larger than the ${limitMb} MB limit (MCP_INSPECTOR_MAX_MESSAGE_BYTES; one WebSocket message); the session was closed.`,
          );
          this.closedByUs = true;
          this.onerror?.(this.failure);
          return;
        }
        liveError = err;
        this.onerror?.(err);
      });
      socket.on("close", (code, reasonBytes) => {
        if (deadline) clearTimeout(deadline);
        if (this.heartbeat) clearInterval(this.heartbeat);
        if (!this.opened) {
          reject(
            new Error(
              describeHandshakeFailure(
                handshakeError,
                this.refusal,
                this.url,
                this.options.connectTimeoutMs,
                Object.keys(this.launch.headers).length > 0,
              ),
              { cause: handshakeError ?? undefined },
            ),
          );
          return;
        }
        if (!this.closedByUs && !this.closing) {
          const said = describeClose(code, reasonBytes.toString("utf8"), this.url);
          const why = liveError ? ` The last error: ${clip(liveError.message, 300)}.` : "";
          this.failure ??= new TransportRequestError(said + why, { cause: liveError ?? undefined });
        }
        this.notifyClosed();
      });
      socket.on("message", (data: Buffer, isBinary) => this.received(data, isBinary));
    });
  }

  /**
   * A server that vanished without closing (its machine gone, a NAT that forgot us) sends no
   * close frame and no FIN: a ping it does not answer by the next one ends the connection.
   */
  private keepAlive(socket: WebSocket): void {
    const every = this.options.pingIntervalMs ?? PING_INTERVAL_MS;
    let answered = true;
    socket.on("pong", () => (answered = true));
    this.heartbeat = setInterval(() => {
      if (!answered) {
        this.failure ??= new TransportRequestError(
          `${this.url.host} stopped answering WebSocket pings (none answered within ${every} ms); the connection was closed.`,
        );
        socket.terminate();
        return;
      }
      answered = false;
      socket.ping();
    }, every);
    this.heartbeat.unref();
  }

  /** The user's headers, minus the ones the handshake owns (said once in the server's log). */
  private handshakeHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.launch.headers)) {
      if (HANDSHAKE_HEADERS.test(name))
        this.options.onLog(`[inspector] header ${name} not sent: the WebSocket handshake sets it itself\n`);
      else headers[name] = value;
    }
    return headers;
  }

  private received(data: Buffer, isBinary: boolean): void {
    // The convention is text frames; a binary frame's bytes are read as UTF-8 JSON all the same
    // (the `ws` package checked a text frame's UTF-8 already, and closes with 1007 when it is not).
    const text = data.toString("utf8");
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch {
      const what = isBinary ? "a binary frame" : "a text frame";
      const said = `${this.url.host} sent ${what} that is not a JSON-RPC message: ${JSON.stringify(clip(text, 200))}`;
      // The SDK's client keeps no onerror: the log is where the user can see it was dropped.
      this.options.onLog(`[inspector] ${said}; ignored\n`);
      this.onerror?.(new Error(said));
      return;
    }
    rememberText(message, text);
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN || this.closing)
      return Promise.reject(this.failure ?? new Error("Not connected"));
    return new Promise<void>((resolve, reject) =>
      socket.send(JSON.stringify(message), (err) =>
        err
          ? reject(
              this.failure ??
                new TransportRequestError(
                  `${this.url.host}: the message could not be sent (${err.message})`,
                  {
                    cause: err,
                  },
                ),
            )
          : resolve(),
      ),
    );
  }

  details(reinitialized: number): TransportDetails {
    return {
      kind: "http",
      url: this.launch.url,
      used: this.opened ? "websocket" : null,
      sessionId: null,
      reinitialized,
      streamLost: false,
      streamNote: null,
    };
  }

  connected(): void {}

  describeStartFailure(cause: Error): string | null {
    if (this.failure) return this.failure.message;
    // start() rejects with the sentence already; an initialize that failed later is the SDK's.
    return this.opened ? null : cause.message;
  }

  describeEnd(): string {
    return this.failure?.message ?? `The WebSocket connection to ${this.url.href} closed.`;
  }

  /** WebSocket has no session id to forget: a dropped socket is the end, never an expiry. */
  isSessionExpired(): boolean {
    return false;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const socket = this.socket;
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        socket.close(1000);
        // A server that never answers the closing handshake: cut it after a second.
        const cut = setTimeout(() => socket.terminate(), 1_000);
        cut.unref();
        await this.closed;
        clearTimeout(cut);
      }
      this.notifyClosed();
    })();
    return this.closing;
  }

  killSync(): void {
    this.closedByUs = true;
    this.socket?.terminate();
  }
}
