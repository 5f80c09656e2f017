import "server-only";
import {
  ErrorCode,
  McpError,
  type Implementation,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  Era,
  FileWatchStatus,
  LaunchSpec,
  LaunchSummary,
  ReadResponse,
  Resource,
  ResourceTemplate,
  SessionError,
  SessionStatus,
  SessionLists,
  SessionSummary,
} from "@/lib/contract";
import type { InspectorEvent, ListDiff, TrafficSummary } from "@/lib/events";
import { authorizationHeaderOf } from "@/lib/http-input";
import type { McpConfig } from "./config";
import {
  CompletionsNotSupportedError,
  RestartNotSupportedError,
  SessionNotConnectedError,
  SessionStartError,
  SignInRequiredError,
  WatchNotSupportedError,
} from "./errors";
import { eraChoiceOf, openProtocolClient, ProbeClosedError, type ProtocolClient } from "./era";
import { LegacyProtocolClient } from "./era/legacy";
import { clip } from "@/lib/bounds";
import { Batcher } from "./event-bus";
import { boundCapabilities, boundServerInfo, MAX_ERROR_CHARS, MAX_INSTRUCTIONS_CHARS } from "./event-bounds";
import { InFlightRequests, type RequestContext } from "./in-flight";
import { resourceListBody, templateListBody } from "./list-bodies";
import { ListCache } from "./list-cache";
import { SessionAuth } from "./oauth/session-auth";
import { walkPages, type PagedResult } from "./pagination";
import { StderrLog } from "./stderr-log";
import { summarize, TrafficLog } from "./traffic-log";
import { createTransport, type OwnedTransport } from "./transports";
import { TransportRequestError } from "./transports/owned";
import { arrivedInvalidUtf8, TrafficTap } from "./transports/traffic-tap";
import { TrafficLinter } from "../lint/traffic-linter";
import { Watch } from "./watches";

const CLIENT_INFO: Implementation = { name: "mcp-resource-inspector", version: "0.1.0" };

type Emit = (event: InspectorEvent) => void;

const RECENT_READS = 20;

/** The longest first listing the "connected" event carries (the connect answer carries any). */
const EVENT_LISTS_MAX_ITEMS = 2_000;

/**
 * What a session did for its user, and every event it emitted, as its observers hear it (a
 * recording of a check is one). Whoever calls the session — a route, the runner, a test — is
 * heard the same way, so no caller has to tell an observer what it did.
 */
export type SessionOperation =
  | { type: "list"; kind: "resources"; items: readonly Resource[] }
  | { type: "list"; kind: "templates"; items: readonly ResourceTemplate[] }
  | { type: "read"; uri: string; result: ReadResponse }
  | { type: "watch"; uri: string }
  | { type: "unwatch"; uri: string }
  /** Heard before the call is sent: the notifications it causes follow it. */
  | { type: "tool-call"; name: string; arguments: Record<string, unknown> }
  | { type: "event"; event: InspectorEvent };

export type SessionObserver = (operation: SessionOperation) => void;

/** Watch mode as the session sees it (server/mcp/restart-on-change.ts): shown, stopped with it. */
export interface FileWatchControl {
  status(): FileWatchStatus;
  /** Stops watching and kills a build in flight; never waits for a restart (which may be closing us). */
  stop(): Promise<void>;
  killSync(): void;
}

/**
 * `silent`: a look of the inspector's own, not an operation of the user (a recording's second
 * look, the bytes of a content item the viewer already read); observers do not hear it.
 */
export interface LookOptions {
  silent?: boolean;
}

/**
 * One live MCP server: owns its Client, transport and process tree, its stderr, traffic log,
 * listings, watches and status. Transport death becomes a `disconnected` status with the reason;
 * close() is idempotent and returns once the process tree is gone.
 */
export class McpSession {
  status: SessionStatus = "connecting";
  name: string;
  serverInfo: Implementation | null = null;
  capabilities: ServerCapabilities | null = null;
  instructions: string | undefined;
  error: SessionError | undefined;
  readonly startedAt = new Date();
  connectedAt: Date | undefined;
  disconnectedAt: Date | undefined;
  /** Last time anyone used this session through the API (idle reaping). */
  lastActivityAt = Date.now();
  readonly stderr = new StderrLog();
  readonly traffic = new TrafficLog();
  /** The Problems panel: fed passively from the traffic below (server/lint/). */
  readonly lint: TrafficLinter;
  readonly watches = new Map<string, Watch>();
  readonly resources: ListCache<Resource>;
  readonly templates: ListCache<ResourceTemplate>;
  /** The built-in launch this session came from, if any (recorded checks keep it symbolic). */
  preset: "demo" | null = null;
  /** Notifications the server sent without declaring the capability (shown, not rejected). */
  undeclaredNotifications = 0;
  /** A remote server's OAuth sign-in (null for stdio). */
  readonly auth: SessionAuth | null;
  /** The user's requests in flight: progress to the page, cancel by id (issue 16). */
  readonly inFlight: InFlightRequests;
  /** What the user read lately, oldest first (watch mode re-reads them after a restart). */
  private readonly readUris = new Set<string>();
  /** Watch mode, while it is on; stopped by close(). */
  private fileWatchControl: FileWatchControl | null = null;

  /** The client of the era the server speaks (server/mcp/era/); replaced on every connect. */
  private client: ProtocolClient;
  private transport: OwnedTransport;
  private tap: TrafficTap;
  /** An expired remote session being replaced: its transport's close is not a disconnect. */
  private replacing: Promise<void> | null = null;
  /**
   * Until the replacement transport is initialized, requests wait here. Not `replacing`: the
   * re-subscribes inside it are requests too, and would wait for themselves.
   */
  private opening: Promise<void> | null = null;
  private reinitialized = 0;
  private closing: Promise<void> | null = null;
  private readonly nameFixed: boolean;
  private readonly stderrBatch: Batcher<string>;
  private readonly trafficBatch: Batcher<TrafficSummary>;
  private readonly observers = new Set<SessionObserver>();

  constructor(
    readonly id: string,
    readonly launch: LaunchSpec,
    private readonly config: McpConfig,
    private readonly emitToBus: Emit,
    name?: string,
  ) {
    this.lint = new TrafficLinter(config.slowRequestMs ? { slowMs: config.slowRequestMs } : {});
    this.nameFixed = name !== undefined;
    this.name = name ?? deriveName(launch);
    this.stderrBatch = new Batcher(50, 500, (lines) => this.emit({ type: "stderr", sessionId: id, lines }));
    this.trafficBatch = new Batcher(50, 200, (entries) =>
      this.emit({ type: "traffic", sessionId: id, entries }),
    );
    // Straight to the bus: progress is for the page, not an operation observers record.
    this.inFlight = new InFlightRequests(id, emitToBus);
    // The user's own Authorization header and an OAuth sign-in exclude each other (lib/http-input.ts
    // authConflict): with the header, a 401 is the header's failure, never the start of a sign-in.
    this.auth =
      launch.kind === "http" && authorizationHeaderOf(launch.headers) === undefined
        ? // Steps logged while it is being built are heard with the first summary.
          new SessionAuth(id, launch, config, () => {
            if (this.auth) this.changed();
          })
        : null;
    // Until the first connect: never connected, so close() has nothing to end.
    this.client = new LegacyProtocolClient(CLIENT_INFO, this.protocolHandlers);
    this.transport = this.newTransport();
    this.tap = this.newTap();
    this.resources = new ListCache(
      (ctx) =>
        this.request(() =>
          walkPages(
            (cursor) => this.client.listResources(cursor, this.requestOptions(ctx)),
            config.maxPages,
            ctx?.page,
          ),
        ),
      (r) => r.uri,
    );
    this.templates = new ListCache(
      (ctx) =>
        this.request(() =>
          walkPages(
            (cursor) => this.client.listTemplates(cursor, this.requestOptions(ctx)),
            config.maxPages,
            ctx?.page,
          ),
        ),
      (t) => t.uriTemplate,
    );
  }

  private readonly protocolHandlers = {
    onResourceUpdated: (uri: string) => this.onResourceUpdated(uri),
    onListChanged: () => this.onListChanged(),
    onClose: () => this.onTransportClosed(),
    note: (text: string) => this.writeStderr(text),
  };

  /**
   * Connect on the current tap in the era the launch asks for (auto: probe `server/discover`,
   * else `initialize`). A server that closed on the probe is started once more and spoken to
   * with `initialize`.
   */
  private async openClient(): Promise<void> {
    const open = (forceLegacy: boolean) =>
      openProtocolClient(
        this.launch,
        this.tap,
        CLIENT_INFO,
        this.protocolHandlers,
        this.config.connectTimeoutMs,
        forceLegacy,
      );
    try {
      this.client = await open(false);
    } catch (err) {
      if (!(err instanceof ProbeClosedError)) throw err;
      this.writeStderr(
        "[inspector] the server closed on server/discover; starting it again with initialize\n",
      );
      await this.transport.close().catch(() => undefined);
      this.transport = this.newTransport();
      this.tap = this.newTap();
      this.client = await open(true);
    }
  }

  private newTransport(): OwnedTransport {
    return createTransport(this.launch, {
      maxMessageBytes: this.config.maxMessageBytes,
      onLog: (chunk) => this.writeStderr(chunk),
      onStrayLine: (line) => this.lint.strayLine(line),
      onDetailsChanged: () => this.changed(),
      ...(this.auth
        ? {
            authProvider: this.auth.provider,
            allowedOrigins: this.auth.allowedOrigins,
            fetchBase: this.auth.fetchBase,
          }
        : {}),
    });
  }

  private newTap(): TrafficTap {
    const tap = new TrafficTap(this.transport, (direction, message, json) => {
      const entry = this.traffic.record(direction, message, json);
      this.trafficBatch.push(summarize(entry));
      try {
        this.lint.message(direction, message, {
          trafficSeq: entry.seq,
          invalidUtf8: arrivedInvalidUtf8(message),
          json,
        });
      } catch (err) {
        // A linter bug must never cost the user a message.
        console.error("[mcp-resource-inspector] linter failed:", err);
      }
    });
    // A remote server that forgot our session (its GET stream, or a POST, answers 404) is
    // re-initialized.
    const transport = this.transport;
    tap.onerror = (err) => {
      if (
        transport === this.transport &&
        this.status === "connected" &&
        !this.closing &&
        transport.isSessionExpired(err)
      )
        // A failed re-initialization is already the session's status; nothing awaits this one.
        this.reinitialize("the server").catch(() => undefined);
    };
    return tap;
  }

  /**
   * Everything that goes into the stderr log goes through the batcher too, the inspector's own
   * `[inspector] …` notes included: otherwise they show only after a reload, never as they happen.
   */
  private writeStderr(text: string): void {
    for (const line of this.stderr.write(text)) this.stderrBatch.push(line);
  }

  private emit(event: InspectorEvent): void {
    this.emitToBus(event);
    this.tell({ type: "event", event });
  }

  /** Hear every operation and event of this session from now on; returns the unsubscribe. */
  observe(observer: SessionObserver): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  private tell(operation: SessionOperation): void {
    for (const observer of this.observers) {
      // An observer's bug must not fail the user's operation or the other observers.
      try {
        observer(operation);
      } catch (err) {
        console.error("[mcp-resource-inspector] session observer failed:", err);
      }
    }
  }

  private changed(): void {
    this.emit({ type: "session", session: this.summary() });
  }

  /** A line of the inspector's own (or a build's output) in the server's stderr panel. */
  note(text: string): void {
    this.writeStderr(text);
  }

  get fileWatch(): FileWatchControl | null {
    return this.fileWatchControl;
  }

  /** Turn watch mode on (replacing an earlier one, which is stopped) or off (null). */
  async setFileWatch(control: FileWatchControl | null): Promise<void> {
    const previous = this.fileWatchControl;
    this.fileWatchControl = control;
    if (previous && previous !== control) await previous.stop();
    if (control && this.closing) {
      this.fileWatchControl = null;
      await control.stop();
    }
    this.changed();
  }

  /** Watch mode's status changed: tell every tab (it travels in the summary). */
  fileWatchChanged(): void {
    this.changed();
  }

  rename(name: string): void {
    this.name = name;
    this.changed();
  }

  touch(): void {
    this.lastActivityAt = Date.now();
  }

  /**
   * Start the server and initialize. `listsWithin`: a connect the page asked for; the resource
   * and template walks start as soon as initialize answers, and the "connected" event waits for
   * them up to that many ms and carries them (the page shows the session with its tree at once).
   */
  async connect({ listsWithin }: { listsWithin?: number } = {}): Promise<void> {
    this.auth?.beginAttempt();
    try {
      await this.openClient();
    } catch (cause) {
      if (this.auth?.awaitingConsent(cause)) {
        // Not a dead end: the session stays, waiting for the user to sign in (issue 11).
        const reason = "This server needs sign-in: sign in to connect.";
        this.markDisconnected(reason, true);
        await this.close();
        throw new SignInRequiredError(reason, []);
      }
      // Let a dying process finish so its exit code and last stderr lines are known.
      await this.transport.settle(500);
      const reason = this.describeStartFailure(cause);
      this.markDisconnected(reason, true);
      await this.close();
      throw new SessionStartError(
        reason,
        this.stderr.tail(),
        this.transport.exit?.code ?? null,
        this.transport.exit?.signal ?? null,
      );
    }
    this.takeIdentity();
    if (!this.nameFixed && this.serverInfo && !this.connectedAt)
      this.name = this.serverInfo.title || this.serverInfo.name;
    this.transport.connected();
    this.auth?.connected();
    this.status = "connected";
    this.connectedAt = new Date();
    this.disconnectedAt = undefined;
    this.error = undefined;
    const lists = listsWithin === undefined ? undefined : await this.primedLists(listsWithin);
    this.emit({ type: "session", session: this.summary(), ...(lists ? { lists } : {}) });
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

  /** Prime both walks and wait for them (up to `budgetMs`) without taking them from the first get. */
  private async primedLists(budgetMs: number): Promise<SessionLists | undefined> {
    if (!this.capabilities?.resources) return undefined;
    // Both walks start now; the page's first requests (or the connect answer) take them.
    this.resources.prime();
    this.templates.prime();
    const t0 = Date.now();
    const resources = await this.resources.waitPrimed(budgetMs);
    // A very long list is not pushed to every tab in one event: the connect answer carries it.
    if (!resources || resources.items.length > EVENT_LISTS_MAX_ITEMS) return undefined;
    const templates = await this.templates.waitPrimed(Math.max(50, budgetMs - (Date.now() - t0)));
    return {
      resources: resourceListBody(resources),
      ...(templates ? { templates: templateListBody(templates) } : {}),
    };
  }

  /**
   * The walks the connect started (`listsWithin`), when they have ended: the connect answer
   * carries them, and they are heard as lists the user saw, as a request's would be. Undefined
   * when the resources walk is still going or failed: the page's own request joins or repeats it.
   */
  async firstLists(): Promise<
    { resources: PagedResult<Resource>; templates?: PagedResult<ResourceTemplate> } | undefined
  > {
    const resources = await this.resources.takePrimed(0);
    if (!resources) return undefined;
    const templates = await this.templates.takePrimed(0);
    this.tell({ type: "list", kind: "resources", items: resources.items });
    if (templates) this.tell({ type: "list", kind: "templates", items: templates.items });
    return { resources, ...(templates ? { templates } : {}) };
  }

  /** Start the same launch again after a disconnect; watches are re-subscribed. */
  async reconnect(): Promise<void> {
    if (this.status !== "disconnected")
      throw new SessionNotConnectedError(this.name, `already ${this.status}`);
    await this.transport.close();
    this.closing = null;
    this.transport = this.newTransport();
    this.tap = this.newTap();
    this.status = "connecting";
    this.writeStderr("--- reconnecting ---\n");
    this.changed();
    await this.connect();
    await this.resubscribe();
    // In the background, like a list_changed re-list, and reported the same way when it fails.
    this.relistInBackground("reconnect");
  }

  /**
   * OAuth: connect again; if the server still wants consent, the SDK has produced a fresh
   * authorization URL (a new pending flow) for the page to send the browser to.
   */
  async signIn(): Promise<string | null> {
    if (!this.auth) throw new SessionNotConnectedError(this.name, "not a remote server");
    if (this.status === "connected") return null;
    try {
      await this.reconnect();
      return null;
    } catch (err) {
      if (err instanceof SignInRequiredError && this.auth.authorizationUrl) return this.auth.authorizationUrl;
      throw err;
    }
  }

  /** OAuth: the browser came back with a code (its state already checked): tokens, then connect. */
  async finishSignIn(result: { code: string } | { error: string }): Promise<void> {
    if (!this.auth || !this.transport.finishAuth)
      throw new SessionNotConnectedError(this.name, "not a remote server");
    if ("error" in result) {
      this.auth.refused(result.error);
      return;
    }
    await this.transport.finishAuth(result.code);
    if (this.status === "disconnected") await this.reconnect();
  }

  /** OAuth: forget the tokens (and their stored copy) and end the connection they opened. */
  async signOut(): Promise<void> {
    if (!this.auth) throw new SessionNotConnectedError(this.name, "not a remote server");
    this.auth.signOut(this.id);
    if (this.status !== "disconnected") {
      await this.close();
      this.markDisconnected("Signed out: sign in again to connect.", true);
    } else {
      this.changed();
    }
  }

  /**
   * A remote server forgot our session (restarted, or expired it): initialize again on a fresh
   * transport, re-subscribe every watch and re-list, and leave the user a note, not an error.
   * Concurrent callers share one re-initialization.
   */
  private reinitialize(what: string): Promise<void> {
    // Started a microtask later, so `replacing` is set before the old transport's close (which
    // may call onclose synchronously, as the legacy SSE one does) reaches onTransportClosed.
    this.replacing ??= Promise.resolve()
      .then(async () => {
        this.writeStderr(`[inspector] ${what} said the session expired; initializing a new session\n`);
        let opened = () => {};
        this.opening = new Promise<void>((r) => (opened = r));
        try {
          const old = this.transport;
          await old.close().catch(() => undefined);
          this.transport = this.newTransport();
          this.tap = this.newTap();
          await this.openClient();
        } catch (cause) {
          const err = cause instanceof Error ? cause : new Error(String(cause));
          const reason =
            this.transport.describeStartFailure(err) ?? `Re-initialization failed: ${err.message}`;
          this.markDisconnected(reason, true);
          throw new TransportRequestError(reason, { cause: err });
        } finally {
          this.opening = null;
          opened();
        }
        this.reinitialized++;
        this.capabilities = boundCapabilities(this.client.capabilities()) ?? this.capabilities;
        this.changed();
        await this.resubscribe();
        this.relistInBackground("re-initialization");
      })
      .finally(() => (this.replacing = null));
    return this.replacing;
  }

  /**
   * Watch mode: replace a running stdio server with a fresh process of the same launch (the old
   * tree reaped first), then follow it as a list_changed and an update would — every watch
   * re-subscribed and re-read (`resource-updated` when its bytes changed), both lists re-walked
   * (`resources-changed`/`templates-changed` with the diff). Requests meanwhile wait for it. A
   * disconnected server is simply reconnected. Rejects (the session then disconnected with the
   * reason) when the new process does not initialize.
   */
  async restart(): Promise<void> {
    if (this.launch.kind !== "stdio") throw new RestartNotSupportedError(this.name);
    if (this.replacing) await this.replacing.catch(() => undefined);
    if (this.closing && this.status === "disconnected")
      throw new SessionNotConnectedError(this.name, "closed");
    if (this.status === "disconnected") {
      await this.reconnect();
      return;
    }
    // Requests meanwhile wait until the new process is initialized (see request()).
    let opened = () => {};
    this.opening = new Promise<void>((r) => (opened = r));
    const replacing = (async () => {
      try {
        await this.transport.close().catch(() => undefined);
        this.transport = this.newTransport();
        this.tap = this.newTap();
        await this.openClient();
      } catch (cause) {
        await this.transport.settle(500);
        const reason = this.describeStartFailure(cause);
        this.markDisconnected(reason, true);
        throw new SessionStartError(
          reason,
          this.stderr.tail(),
          this.transport.exit?.code ?? null,
          this.transport.exit?.signal ?? null,
        );
      } finally {
        this.opening = null;
        opened();
      }
      this.takeIdentity();
      this.transport.connected();
      this.connectedAt = new Date();
      this.changed();
    })();
    this.replacing = replacing.finally(() => (this.replacing = null));
    await this.replacing;
    // Closed by the user while the new process started: it must not outlive the session.
    if (this.closing) {
      await this.transport.close();
      return;
    }
    await this.resubscribe();
    const fail = (err: unknown) =>
      this.writeStderr(`[inspector] re-list after restart failed: ${String(err)}\n`);
    await Promise.all([
      this.resources.refresh().then((w) => {
        if (w.changed) this.emitListDiff("resources-changed", w.diff, false);
      }, fail),
      this.templates.refresh().then((w) => {
        if (w.changed) this.emitListDiff("templates-changed", w.diff, false);
      }, fail),
    ]);
  }

  /**
   * A resource that is not watched changed: the server said so, or watch mode found it changed
   * when it re-read what is open. No version is kept; the tree marks it.
   */
  announceUpdated(uri: string, undeclared = false): void {
    this.emit({
      type: "resource-updated",
      sessionId: this.id,
      uri,
      version: 0,
      changed: true,
      at: Date.now(),
      undeclared,
    });
  }

  /** Re-subscribe and re-read every watch; a version whose bytes changed is announced. */
  private async resubscribe(): Promise<void> {
    for (const watch of this.watches.values()) {
      try {
        await this.subscribe(watch.uri);
        const before = watch.latest()?.version;
        const v = watch.add(await this.fetchRead(watch.uri, true));
        if (v.version !== before)
          this.emit({
            type: "resource-updated",
            sessionId: this.id,
            uri: watch.uri,
            version: v.version,
            changed: true,
            at: Date.now(),
            undeclared: false,
          });
      } catch (err) {
        this.writeStderr(`[inspector] could not re-subscribe ${watch.uri}: ${String(err)}\n`);
      }
    }
  }

  private relistInBackground(after: string): void {
    this.resources.refresh().then(
      (w) => {
        if (w.changed) this.emitListDiff("resources-changed", w.diff, false);
      },
      (err: unknown) => this.writeStderr(`[inspector] re-list after ${after} failed: ${String(err)}\n`),
    );
  }

  private describeStartFailure(cause: unknown): string {
    const err = cause instanceof Error ? cause : new Error(String(cause));
    const specific = this.auth?.describeFailure(err) ?? this.transport.describeStartFailure(err);
    if (specific) return specific;
    if (/timed out/i.test(err.message))
      return `The server did not complete initialization within ${this.config.connectTimeoutMs} ms.`;
    return `Initialization failed: ${err.message}`;
  }

  private onTransportClosed(): void {
    if (this.status === "disconnected" || this.replacing) return;
    this.markDisconnected(this.closing ? "Disconnected by the user." : this.transport.describeEnd());
  }

  /** `overwrite` replaces an earlier, vaguer reason (e.g. "connection closed" during initialize). */
  private markDisconnected(message: string, overwrite = false): void {
    if (this.status === "disconnected" && !overwrite) return;
    const exit = this.transport.exit;
    this.stderrBatch.drain();
    this.status = "disconnected";
    this.disconnectedAt = new Date();
    this.error = {
      message: clip(message, MAX_ERROR_CHARS),
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      stderrTail: this.stderr.tail(),
    };
    this.changed();
    // A crashed server may have left children behind; reap them.
    void this.transport.close();
  }

  private requireConnected(): void {
    if (this.status !== "connected") throw new SessionNotConnectedError(this.name, this.status);
  }

  /**
   * With the user's request context: its progress token and cancel signal; progress keeps a slow
   * request alive (the user can cancel it), up to ten timeouts in all.
   */
  private requestOptions(ctx?: RequestContext) {
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
  private async request<T>(run: () => Promise<T>): Promise<T> {
    if (this.opening) await this.opening;
    this.requireConnected();
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
        throw new SessionNotConnectedError(this.name, "waiting for sign-in");
      }
      const expired = transport.isSessionExpired(err);
      const cutOff = err instanceof McpError && err.code === (ErrorCode.ConnectionClosed as number);
      if (!expired && !cutOff) throw transport.failure ?? err;
      // Sent on a transport that a re-initialization replaced under it (the GET stream noticed
      // the expiry first and closed the old one): send it once more on the new session.
      if (this.replacing || transport !== this.transport) {
        await this.replacing?.catch(() => undefined);
        if (transport !== this.transport && this.status === "connected") return run();
        // The re-initialization failed: its reason is this request's too.
        if (this.error) throw new TransportRequestError(this.error.message, { cause: err });
        throw transport.failure ?? err;
      }
      if (!expired) throw transport.failure ?? err;
      await this.reinitialize("a request");
      return run();
    }
  }

  /** Whether list_changed keeps our cached listing fresh, so a GET may answer from it. */
  private listsStayFresh(): boolean {
    return Boolean(this.capabilities?.resources?.listChanged) || this.undeclaredNotifications > 0;
  }

  async listResources(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<Resource>> {
    this.requireConnected();
    // An explicit refresh walks anew; it never joins the walk started at connect.
    const listed = await this.resources.get(!refresh && this.listsStayFresh(), ctx, !refresh);
    if (!look.silent) this.tell({ type: "list", kind: "resources", items: listed.items });
    return listed;
  }

  async listTemplates(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<ResourceTemplate>> {
    this.requireConnected();
    const listed = await this.templates.get(!refresh && this.listsStayFresh(), ctx, !refresh);
    if (!look.silent) this.tell({ type: "list", kind: "templates", items: listed.items });
    return listed;
  }

  /** A watched resource answers with its latest version (kept fresh by update notifications). */
  async read(
    uri: string,
    fresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<ReadResponse> {
    const result = await this.fetchRead(uri, fresh, ctx);
    if (!look.silent) {
      this.readUris.delete(uri);
      this.readUris.add(uri);
      for (const old of this.readUris) {
        if (this.readUris.size <= RECENT_READS) break;
        this.readUris.delete(old);
      }
      this.tell({ type: "read", uri, result });
    }
    return result;
  }

  /** The era the server speaks, once connected (server/mcp/era/). */
  get era(): Era | undefined {
    return this.connectedAt ? this.client.era : undefined;
  }

  /** The URIs the user read most recently (at most 20), newest last. */
  recentReads(): string[] {
    return [...this.readUris];
  }

  /** A read no observer hears: the session's own (watch versions, re-reads after a reconnect). */
  private fetchRead(uri: string, fresh: boolean, ctx?: RequestContext): Promise<ReadResponse> {
    const latest = fresh ? undefined : this.watches.get(uri)?.latest();
    if (latest && this.status === "connected") return Promise.resolve(latest.result);
    return this.request(() => this.client.read(uri, this.requestOptions(ctx)));
  }

  async complete(
    uriTemplate: string,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    this.requireConnected();
    if (!this.capabilities?.completions) throw new CompletionsNotSupportedError(this.name);
    return this.request(() =>
      this.client.complete(
        {
          ref: { type: "ref/resource", uri: uriTemplate },
          argument,
          ...(context ? { context: { arguments: context } } : {}),
        },
        this.requestOptions(),
      ),
    );
  }

  async listTools() {
    const r = await this.request(() =>
      walkPages((cursor) => this.client.listTools(cursor, this.requestOptions()), this.config.maxPages),
    );
    return r.items;
  }

  callTool(name: string, args: Record<string, unknown>, ctx?: RequestContext) {
    this.tell({ type: "tool-call", name, arguments: args });
    return this.request(() => this.client.callTool(name, args, this.requestOptions(ctx)));
  }

  /**
   * The Problems scan's probe of a declared subscribe capability: subscribe and unsubscribe a URI
   * nobody watches. Not an operation of the user: observers do not hear it.
   */
  async probeSubscribe(uri: string): Promise<void> {
    if (this.watches.has(uri)) return;
    await this.subscribe(uri);
    await this.request(() => this.client.unwatch(uri, this.requestOptions()));
  }

  private subscribe(uri: string): Promise<unknown> {
    return this.request(() => this.client.watch(uri, this.requestOptions()));
  }

  async watch(uri: string): Promise<Watch> {
    this.requireConnected();
    const watch = this.watches.get(uri) ?? (await this.startWatch(uri));
    this.tell({ type: "watch", uri });
    return watch;
  }

  private async startWatch(uri: string): Promise<Watch> {
    if (!this.capabilities?.resources?.subscribe) throw new WatchNotSupportedError(this.name);
    await this.subscribe(uri);
    const watch = new Watch(
      uri,
      () => this.fetchRead(uri, true),
      (v, changed) =>
        this.emit({
          type: "resource-updated",
          sessionId: this.id,
          uri,
          version: v.version,
          changed,
          at: Date.now(),
          undeclared: !this.capabilities?.resources?.subscribe,
        }),
      (err) => {
        if (!this.closing)
          this.writeStderr(
            `[inspector] re-read of ${uri} failed: ${err instanceof Error ? err.message : String(err)}\n`,
          );
      },
    );
    this.watches.set(uri, watch);
    this.markAcknowledged();
    watch.add(await this.fetchRead(uri, true));
    this.emitWatches();
    return watch;
  }

  async unwatch(uri: string): Promise<void> {
    if (this.watches.delete(uri)) {
      this.emitWatches();
      if (this.status === "connected") {
        await this.request(() => this.client.unwatch(uri, this.requestOptions())).catch((err: unknown) =>
          this.writeStderr(`[inspector] unsubscribe ${uri} failed: ${String(err)}\n`),
        );
      }
    }
    this.tell({ type: "unwatch", uri });
  }

  /** Which watches the server's listen stream left out (modern era; never in the legacy one). */
  private markAcknowledged(): void {
    const left = new Set(this.client.unacknowledged());
    for (const watch of this.watches.values()) watch.unacknowledged = left.has(watch.uri);
  }

  private emitWatches(): void {
    this.emit({ type: "watches", sessionId: this.id, uris: [...this.watches.keys()] });
  }

  private onResourceUpdated(uri: string): void {
    const undeclared = !this.capabilities?.resources?.subscribe;
    if (undeclared) this.undeclaredNotifications++;
    const watch = this.watches.get(uri);
    if (watch) {
      watch.updated();
      return;
    }
    // Not watched: no re-read, but the tree still marks it.
    this.announceUpdated(uri, undeclared);
  }

  private onListChanged(): void {
    const undeclared = !this.capabilities?.resources?.listChanged;
    if (undeclared) this.undeclaredNotifications++;
    const report =
      (kind: "resources-changed" | "templates-changed") => (w: { changed: boolean; diff: ListDiff }) => {
        if (w.changed || undeclared) this.emitListDiff(kind, w.diff, undeclared);
      };
    // A re-list cut short by our own close ("Not connected") is no failure worth a line.
    const fail = (err: unknown) => {
      if (!this.closing) this.writeStderr(`[inspector] re-list after list_changed failed: ${String(err)}\n`);
    };
    this.resources.refresh().then(report("resources-changed"), fail);
    this.templates.refresh().then(report("templates-changed"), fail);
  }

  private emitListDiff(type: "resources-changed" | "templates-changed", diff: ListDiff, undeclared: boolean) {
    this.emit({ type, sessionId: this.id, diff, undeclared, at: Date.now() });
  }

  summary(): SessionSummary {
    const details = this.transport.details(this.reinitialized);
    return {
      id: this.id,
      name: this.name,
      status: this.status,
      // Env values stay here (the recorder and "same launch" matching read them server-side).
      launch: launchSummary(this.launch),
      transport: details,
      pid: details.kind === "stdio" ? details.pid : null,
      serverInfo: this.serverInfo,
      capabilities: this.capabilities,
      protocolVersion: this.tap.protocolVersion,
      ...(this.connectedAt ? { era: this.client.era } : {}),
      eraChoice: eraChoiceOf(this.launch),
      ...(this.instructions ? { instructions: this.instructions } : {}),
      startedAt: this.startedAt.toISOString(),
      ...(this.connectedAt ? { connectedAt: this.connectedAt.toISOString() } : {}),
      ...(this.disconnectedAt ? { disconnectedAt: this.disconnectedAt.toISOString() } : {}),
      ...(this.error ? { error: this.error } : {}),
      undeclaredNotifications: this.undeclaredNotifications,
      watchCount: this.watches.size,
      ...(this.auth ? { auth: this.auth.summary() } : {}),
      ...(this.fileWatchControl ? { fileWatch: this.fileWatchControl.status() } : {}),
    };
  }

  /** Idempotent; resolves once the server's whole process tree is gone. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const fileWatch = this.fileWatchControl;
      this.fileWatchControl = null;
      await fileWatch?.stop();
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
    this.fileWatchControl?.killSync();
    this.transport.killSync();
  }
}

/** The launch as the API shows it: names of env variables and headers, never their values. */
export function launchSummary(launch: LaunchSpec): LaunchSummary {
  if (launch.kind === "http")
    return {
      kind: "http",
      url: launch.url,
      transport: launch.transport,
      headerNames: Object.keys(launch.headers).sort(),
    };
  return {
    kind: "stdio",
    program: launch.program,
    args: launch.args,
    envNames: Object.keys(launch.env).sort(),
    ...(launch.cwd !== undefined ? { cwd: launch.cwd } : {}),
  };
}

const LAUNCHERS = new Set(["npx", "uvx", "bunx", "pnpx", "pipx", "docker", "deno"]);
const INTERPRETERS = /^(node|nodejs|tsx|ts-node|bun|python\d*(\.\d+)?|uv|deno|ruby|php|java)$/;

/** A readable default name before the server tells us its own. */
export function deriveName(spec: LaunchSpec): string {
  if (spec.kind === "http") {
    const u = new URL(spec.url);
    return u.host;
  }
  const base = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
  const program = base(spec.program);
  const firstOperand = spec.args.find((a) => !a.startsWith("-"));
  if ((LAUNCHERS.has(program) || INTERPRETERS.test(program)) && firstOperand) {
    return LAUNCHERS.has(program) ? firstOperand : base(firstOperand);
  }
  return program || "server";
}
