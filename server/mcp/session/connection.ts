import "server-only";
import {
  ErrorCode,
  McpError,
  type Implementation,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { clip } from "@/lib/limits/bounds";
import type { Era, LaunchSpec, SessionError, SessionStatus } from "@/lib/api/contract";
import type { McpConfig } from "../config";
import {
  LegacyEraUnsupportedError,
  ModernEraUnsupportedError,
  openProtocolClient,
  ProbeClosedError,
  type ProtocolClient,
  type ProtocolHandlers,
} from "../era";
import { LegacyProtocolClient } from "../era/legacy";
import { SessionNotConnectedError, SessionStartError, SignInRequiredError } from "../session-errors";
import { boundCapabilities, boundServerInfo, MAX_ERROR_CHARS, MAX_INSTRUCTIONS_CHARS } from "../event-bounds";
import type { RequestContext } from "../in-flight";
import type { SessionAuth } from "../oauth/session-auth";
import type { Capture } from "@/lib/capture/format";
import { createTransport, type OwnedTransport } from "../transports";
import { TransportRequestError } from "../transports/owned";
import { TrafficTap } from "../transports/traffic-tap";
import type { SessionOutput } from "./output";

/** The SDK's own timeout (McpError RequestTimeout), or the v2 client's, which says so. */
function isTimeout(err: Error): boolean {
  return (
    (err instanceof McpError && err.code === (ErrorCode.RequestTimeout as number)) ||
    /timed out/i.test(err.message)
  );
}

export const CLIENT_INFO: Implementation = { name: "mcp-resource-inspector", version: "0.1.0" };

/** What the connection asks of whoever owns it (the session). */
export interface ConnectionHooks {
  handlers: Omit<ProtocolHandlers, "onClose" | "note">;
  /** The summary changed (status, identity, transport details): tell every tab. */
  changed(): void;
  /**
   * A new transport was opened under a live session (re-initialized, restarted, reconnected):
   * follow what was being followed — re-subscribe watches, re-list.
   */
  reopened(why: "reconnect" | "re-initialization" | "restart"): Promise<void>;
}

/**
 * One server's connection: the protocol client of the era it speaks, the owned transport and the
 * tap that hears its traffic, its status and identity, and the request pipeline every request
 * goes through (waits while a transport is replaced, re-initializes a remote session the server
 * forgot, turns a dead transport into its reason). There is one way to replace the transport
 * (`replaceTransport`) and one to fail a start (`startFailed`). Knows nothing of lists or watches:
 * it tells its owner through `ConnectionHooks`.
 */
export class SessionConnection {
  status: SessionStatus = "connecting";
  serverInfo: Implementation | null = null;
  capabilities: ServerCapabilities | null = null;
  instructions: string | undefined;
  error: SessionError | undefined;
  connectedAt: Date | undefined;
  disconnectedAt: Date | undefined;
  reinitialized = 0;

  /** The client of the era the server speaks; replaced on every open. */
  client: ProtocolClient;
  transport!: OwnedTransport;
  tap!: TrafficTap;
  /** An expired remote session, or a restarted process, being replaced: its transport's close is not a disconnect. */
  private replacing: Promise<void> | null = null;
  /**
   * Until a replacement transport is initialized, requests wait here. Not `replacing`: the
   * re-subscribes inside it are requests too, and would wait for themselves.
   */
  private opening: Promise<void> | null = null;
  private closing: Promise<void> | null = null;
  private readonly handlers: ProtocolHandlers;

  constructor(
    private readonly launch: LaunchSpec,
    private readonly config: McpConfig,
    private readonly output: SessionOutput,
    private readonly auth: SessionAuth | null,
    private readonly hooks: ConnectionHooks,
    /** A capture opened offline: its replay is the transport, and nothing is spawned or contacted. */
    private readonly replay?: Capture,
  ) {
    this.handlers = {
      ...hooks.handlers,
      onClose: () => this.onTransportClosed(),
      note: (text) => output.note(text),
    };
    // Until the first connect: never connected, so close() has nothing to end.
    this.client = new LegacyProtocolClient(CLIENT_INFO, this.handlers);
    this.newTransport();
  }

  get isClosing(): boolean {
    return this.closing !== null;
  }

  get era(): Era | undefined {
    return this.connectedAt ? this.client.era : undefined;
  }

  /**
   * Start the server and initialize. Throws SignInRequiredError or SessionStartError, the
   * session disconnected with the reason (the owner closes it).
   */
  async connect(): Promise<void> {
    this.auth?.beginAttempt();
    try {
      await this.open();
    } catch (cause) {
      if (this.auth?.awaitingConsent(cause)) {
        // Not a dead end: the session stays, waiting for the user to sign in (issue 11).
        const reason = "This server needs sign-in: sign in to connect.";
        this.markDisconnected(reason, true);
        throw new SignInRequiredError(reason, []);
      }
      throw await this.startFailed(cause);
    }
    this.takeIdentity();
    this.transport.connected();
    this.auth?.connected();
    this.status = "connected";
    this.connectedAt = new Date();
    this.disconnectedAt = undefined;
    this.error = undefined;
  }

  /** Before connecting again after a disconnect: a fresh transport, and "connecting". */
  async prepareReconnect(name: string): Promise<void> {
    if (this.status !== "disconnected") throw new SessionNotConnectedError(name, `already ${this.status}`);
    await this.transport.close();
    this.closing = null;
    this.newTransport();
    this.status = "connecting";
    this.output.note("--- reconnecting ---\n");
    this.hooks.changed();
  }

  /**
   * Replace a running server's transport with a fresh one of the same launch and initialize it;
   * requests meanwhile wait. `restart`: a local process started again by watch mode (its identity
   * is taken again); else a remote session the server forgot (re-initialized under the user).
   * Concurrent callers share one replacement. A re-initialization re-subscribes and re-lists
   * inside it (`hooks.reopened`); a restart's owner does that itself. Rejects, the session
   * disconnected with the reason, when the new transport does not initialize.
   */
  replace(why: "restart" | "re-initialization", what = "the server"): Promise<void> {
    // Started a microtask later, so `replacing` is set before the old transport's close (which
    // may call onclose synchronously, as the legacy SSE one does) reaches onTransportClosed.
    this.replacing ??= Promise.resolve()
      .then(async () => {
        if (why === "re-initialization")
          this.output.note(`[inspector] ${what} said the session expired; initializing a new session\n`);
        let opened = () => {};
        this.opening = new Promise<void>((r) => (opened = r));
        try {
          await this.replaceTransport();
          await this.open();
        } catch (cause) {
          throw await this.startFailed(cause, why === "re-initialization");
        } finally {
          this.opening = null;
          opened();
        }
        if (why === "restart") {
          this.takeIdentity();
          this.transport.connected();
          this.connectedAt = new Date();
          this.hooks.changed();
          return;
        }
        this.reinitialized++;
        this.capabilities = boundCapabilities(this.client.capabilities()) ?? this.capabilities;
        this.hooks.changed();
        // Inside the shared replacement: concurrent callers re-subscribe once.
        await this.hooks.reopened("re-initialization");
      })
      .finally(() => (this.replacing = null));
    return this.replacing;
  }

  /** Wait for a replacement in flight, if any (its failure is already the session's status). */
  async settled(): Promise<void> {
    await this.replacing?.catch(() => undefined);
  }

  /** Close the current transport (its tree reaped), then open a fresh transport and tap. */
  private async replaceTransport(): Promise<void> {
    await this.transport.close().catch(() => undefined);
    this.newTransport();
  }

  private newTransport(): void {
    this.transport = createTransport(this.launch, {
      ...(this.replay ? { replay: this.replay } : {}),
      maxMessageBytes: this.config.maxMessageBytes,
      connectTimeoutMs: this.config.connectTimeoutMs,
      onLog: (chunk) => this.output.note(chunk),
      onStrayLine: (line) => this.output.strayLine(line),
      onDetailsChanged: () => this.hooks.changed(),
      ...(this.auth
        ? {
            authProvider: this.auth.provider,
            allowedOrigins: this.auth.allowedOrigins,
            fetchBase: this.auth.fetchBase,
          }
        : {}),
    });
    const transport = this.transport;
    // A replay's own messages are not the server's: the logs and the linter hold the captured ones.
    const tap = new TrafficTap(transport, (direction, message, json) => {
      if (!this.replay) this.output.heard(direction, message, json);
    });
    // A remote server that forgot our session (its GET stream, or a POST, answers 404) is
    // re-initialized; a failed re-initialization is already the session's status.
    tap.onerror = (err) => {
      if (
        transport === this.transport &&
        this.status === "connected" &&
        !this.closing &&
        transport.isSessionExpired(err)
      )
        this.replace("re-initialization").catch(() => undefined);
    };
    this.tap = tap;
  }

  /**
   * Connect on the current tap in the era the launch asks for (auto: probe `server/discover`,
   * else `initialize`). One probe per process: a server that closed on it is not started again
   * (a server crashing at start would run its start-up twice, issue 33); the failure says so.
   */
  private async open(): Promise<void> {
    this.client = await openProtocolClient(
      this.launch,
      this.tap,
      CLIENT_INFO,
      this.handlers,
      this.config.connectTimeoutMs,
      // A replay is the SDK's legacy Server: no era probe (the captured era is in the summary).
      this.replay !== undefined,
    );
  }

  /**
   * What initialize said about the server, kept bounded (event-bounds.ts): it goes to every tab
   * with every status change, so a server's 50 MB `instructions` must not.
   */
  private takeIdentity(): void {
    this.serverInfo = boundServerInfo(this.client.serverInfo()) ?? this.serverInfo;
    this.capabilities = boundCapabilities(this.client.capabilities());
    const instructions = this.client.instructions();
    this.instructions = instructions === undefined ? undefined : clip(instructions, MAX_INSTRUCTIONS_CHARS);
  }

  /**
   * The one way a start fails: let a dying process finish (its exit code and last stderr lines),
   * disconnect with the reason, and return the error to throw. `reinitializing`: a remote
   * session's replacement, whose failure is the request's (TransportRequestError).
   */
  private async startFailed(cause: unknown, reinitializing = false): Promise<Error> {
    const err = cause instanceof Error ? cause : new Error(String(cause));
    if (reinitializing) {
      const reason = this.transport.describeStartFailure(err) ?? `Re-initialization failed: ${err.message}`;
      this.markDisconnected(reason, true);
      return new TransportRequestError(reason, { cause: err });
    }
    await this.transport.settle(500);
    const timedOut = isTimeout(err);
    const reason = this.describeStartFailure(err, timedOut);
    this.markDisconnected(reason, true);
    return new SessionStartError(
      reason,
      this.output.stderr.tail(),
      this.transport.exit?.code ?? null,
      this.transport.exit?.signal ?? null,
      timedOut,
    );
  }

  private describeStartFailure(err: Error, timedOut: boolean): string {
    // First: after our timeout the SDK closes the transport, and the exit it sees is our SIGTERM.
    if (timedOut)
      return `initialize timed out: the server did not answer within ${this.config.connectTimeoutMs} ms (MCP_INSPECTOR_CONNECT_TIMEOUT_MS)${
        this.launch.kind === "stdio" ? "; is it serving stdio? Some servers need a flag such as --stdio" : ""
      }.`;
    // The server answered, in words of the protocol: that answer is the sentence.
    if (err instanceof LegacyEraUnsupportedError || err instanceof ModernEraUnsupportedError)
      return err.message;
    const specific = this.auth?.describeFailure(err) ?? this.transport.describeStartFailure(err);
    if (err instanceof ProbeClosedError)
      return `${specific ?? err.message} It closed on the era probe (server/discover) and was not started again: if it allows no request before initialize, choose the legacy era.`;
    return specific ?? `Initialization failed: ${err.message}`;
  }

  private onTransportClosed(): void {
    if (this.status === "disconnected" || this.replacing) return;
    this.markDisconnected(this.closing ? "Disconnected by the user." : this.transport.describeEnd());
  }

  /** `overwrite` replaces an earlier, vaguer reason (e.g. "connection closed" during initialize). */
  markDisconnected(message: string, overwrite = false): void {
    if (this.status === "disconnected" && !overwrite) return;
    const exit = this.transport.exit;
    this.output.flushStderr();
    this.status = "disconnected";
    this.disconnectedAt = new Date();
    this.error = {
      message: clip(message, MAX_ERROR_CHARS),
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      stderrTail: this.output.stderr.tail(),
    };
    this.hooks.changed();
    // A crashed server may have left children behind; reap them.
    void this.transport.close();
  }

  requireConnected(name: string): void {
    if (this.status !== "connected") throw new SessionNotConnectedError(name, this.status);
  }

  /**
   * With the user's request context: its progress token and cancel signal; progress keeps a slow
   * request alive (the user can cancel it), up to ten timeouts in all.
   */
  requestOptions(ctx?: RequestContext) {
    const timeout = this.config.requestTimeoutMs;
    if (!ctx) return { timeout };
    const { signal, onprogress } = ctx;
    return { timeout, signal, onprogress, resetTimeoutOnProgress: true, maxTotalTimeout: timeout * 10 };
  }

  /**
   * Run a request; if the transport died of a known cause, throw that instead of "connection
   * closed". A remote server that forgot our session is re-initialized and the request sent once
   * more on the new session.
   */
  async request<T>(name: string, run: () => Promise<T>): Promise<T> {
    if (this.opening) await this.opening;
    this.requireConnected(name);
    const transport = this.transport;
    try {
      return await run();
    } catch (err) {
      if (this.auth?.awaitingConsent(err)) {
        // The grant is gone (revoked, refresh refused): back to "needs sign-in", not an error.
        this.markDisconnected(
          "The server's sign-in ended (the token could not be refreshed): sign in again.",
          true,
        );
        throw new SessionNotConnectedError(name, "waiting for sign-in");
      }
      const expired = transport.isSessionExpired(err);
      const cutOff = err instanceof McpError && err.code === (ErrorCode.ConnectionClosed as number);
      if (!expired && !cutOff) throw transport.failure ?? err;
      // Sent on a transport that a re-initialization replaced under it (the GET stream noticed
      // the expiry first and closed the old one): send it once more on the new session.
      if (this.replacing || transport !== this.transport) {
        await this.settled();
        if (transport !== this.transport && this.status === "connected") return run();
        // The re-initialization failed: its reason is this request's too.
        if (this.error) throw new TransportRequestError(this.error.message, { cause: err });
        throw transport.failure ?? err;
      }
      if (!expired) throw transport.failure ?? err;
      await this.replace("re-initialization", "a request");
      return run();
    }
  }

  /** Idempotent; resolves once the server's whole process tree is gone. */
  close(before?: () => Promise<void>): Promise<void> {
    this.closing ??= (async () => {
      await before?.();
      try {
        await this.client.close();
      } finally {
        await this.transport.close();
      }
      this.markDisconnected("Disconnected by the user.");
    })();
    return this.closing;
  }

  /** Process-exit path: no awaiting possible. */
  killSync(): void {
    this.transport.killSync();
  }
}
