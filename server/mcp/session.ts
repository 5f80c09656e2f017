import "server-only";
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type {
  CompleteResponse,
  Era,
  LaunchSpec,
  ReadResponse,
  Resource,
  ResourceTemplate,
  SessionError,
  SessionStatus,
  SessionSummary,
} from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { abilitiesOf, maySignIn, type SessionAbilities } from "@/lib/launch/session-kinds";
import { attachLinter } from "../lint/attach";
import type { TrafficLinter } from "../lint/traffic-linter";
import type { McpConfig } from "./config";
import { CaptureReadOnlyError, RestartNotSupportedError, SessionNotConnectedError } from "./session-errors";
import { InFlightRequests, type RequestContext } from "./in-flight";
import { SessionAuth, type SignInRoute } from "./oauth/session-auth";
import type { PagedResult } from "./pagination";
import { ReadLog } from "./read-log";
import { SessionConnection } from "./session/connection";
import { restoreCapture, type OpenedCapture } from "./session/opened-capture";
import { SessionRequests } from "./session/requests";
import { FileWatchSlot, type FileWatchControl } from "./session/file-watch-slot";
import { deriveName, sessionSummary } from "./session/identity";
import { SessionLists, type LookOptions, type RelistReason } from "./session/lists";
import { SessionOutput, type SessionObserver, type TrafficObserver } from "./session/output";
import { SignInFlow } from "./session/sign-in";
import { Subscriptions } from "./session/subscriptions";
import type { Watch } from "./watches";

export type { SessionOperation, SessionObserver, TrafficOperation } from "./session/output";
export type { LookOptions } from "./session/lists";
export { deriveName, launchSummary } from "./session/identity";

export type { FileWatchControl } from "./session/file-watch-slot";

/** A capture opened offline (issue 25): the file's contents, and where it came from. */
export type { OpenedCapture } from "./session/opened-capture";

/**
 * One live MCP server, as routes, the CLI and the check runner use it: a facade over its parts
 * (server/mcp/session/) — the connection (client, transport, status, request pipeline), the
 * lists, the subscriptions and the output (events, observers, stderr and traffic logs). It wires
 * them, keeps what is the user's (name, recent reads, watch mode) and answers the summary.
 * close() is idempotent and returns once the process tree is gone.
 */
export class McpSession {
  name: string;
  readonly startedAt = new Date();
  /** Last time anyone used this session through the API (idle reaping). */
  lastActivityAt = Date.now();
  /** The built-in launch this session came from, if any (recorded checks keep it symbolic). */
  preset: "demo" | null = null;
  /** Notifications the server sent without declaring the capability (shown, not rejected). */
  undeclaredNotifications = 0;
  /** What this kind of session can do (lib/launch/session-kinds.ts): asked instead of its kind. */
  readonly abilities: Readonly<SessionAbilities>;
  /** A remote server's OAuth sign-in (null for stdio, or when the user brings an Authorization header). */
  readonly auth: SessionAuth | null;
  /** The user's requests in flight: progress to the page, cancel by id (issue 16). */
  readonly inFlight: InFlightRequests;
  /** The Problems panel: it hears the traffic through `observe` (server/lint/attach.ts). */
  readonly lint: TrafficLinter;
  private readonly output: SessionOutput;
  private readonly connection: SessionConnection;
  private readonly lists: SessionLists;
  private readonly subscriptions: Subscriptions;
  private readonly signInFlow: SignInFlow;
  /** Reads, completions, tools (server/mcp/session/requests.ts). */
  private readonly requests: SessionRequests;
  /** The latest outcome of each URI read through `read` (a capture's reads, a comparison's side). */
  readonly readLog = new ReadLog();
  /** Watch mode, while it is on; stopped by close(). */
  private readonly fileWatchSlot: FileWatchSlot;
  /** The name given at launch (a config's key), which also keeps serverInfo from renaming it. */
  private readonly launchName: string | undefined;

  constructor(
    readonly id: string,
    readonly launch: LaunchSpec,
    config: McpConfig,
    emitToBus: (event: InspectorEvent) => void,
    name?: string,
    /** Where a sign-in sends the browser back, and the user (the CLI's loopback; default: the app's page). */
    signInRoute?: SignInRoute,
    /** A capture opened offline: replayed in-process, its logs and problems seeded, read-only. */
    readonly opened: OpenedCapture | null = null,
  ) {
    this.launchName = name;
    this.name = name ?? deriveName(launch);
    this.output = new SessionOutput(id, emitToBus);
    // Straight to the bus: progress is for the page, not an operation observers record.
    this.inFlight = new InFlightRequests(id, emitToBus);
    // The user's own Authorization header and an OAuth sign-in exclude each other (lib/launch/http-input.ts
    // authConflict): with the header, a 401 is the header's failure, never the start of a sign-in.
    this.abilities = abilitiesOf(launch, opened !== null);
    this.auth =
      launch.kind === "http" && maySignIn(launch, opened !== null)
        ? // Steps logged while it is being built are heard with the first summary.
          new SessionAuth(
            id,
            launch,
            config,
            () => {
              if (this.auth) this.changed();
            },
            signInRoute,
          )
        : null;
    this.lint = attachLinter(this, config.slowRequestMs);
    // A name given at launch is the config's key (a config import, `--server`): the one hosts use.
    if (name !== undefined) this.lint.setServerName(name);
    this.fileWatchSlot = new FileWatchSlot(
      () => this.connection.isClosing,
      () => this.changed(),
    );
    this.connection = new SessionConnection(
      launch,
      config,
      this.output,
      this.auth,
      {
        handlers: {
          onResourceUpdated: (uri) => this.onResourceUpdated(uri),
          onListChanged: () => this.onListChanged(),
        },
        changed: () => this.changed(),
        reopened: (why) => this.reopened(why),
      },
      opened?.capture,
    );
    if (opened) restoreCapture(opened.capture, this.output, this.lint, this.readLog);
    const currentName = () => this.name;
    this.lists = SessionLists.over(this.connection, id, this.output, {
      maxPages: config.maxPages,
      name: currentName,
      undeclared: () => this.undeclaredNotifications,
    });
    this.signInFlow = new SignInFlow(this, this.connection);
    this.requests = new SessionRequests(this.connection, this.output, this.readLog, {
      name: currentName,
      latest: (uri) => this.subscriptions.latest(uri),
      maxPages: config.maxPages,
    });
    this.subscriptions = Subscriptions.over(this.connection, id, this.output, {
      name: currentName,
      read: (uri) => this.requests.fetchRead(uri, true),
    });
  }

  /** Refused where no live server is behind the session (a capture opened offline). */
  private refuseIfCapture(what: string): void {
    if (!this.abilities.live) throw new CaptureReadOnlyError(what);
  }

  // ---- state, as the API and the CLI read it ------------------------------------------------------

  get status(): SessionStatus {
    return this.connection.status;
  }
  get serverInfo(): Implementation | null {
    return this.connection.serverInfo;
  }
  get capabilities(): ServerCapabilities | null {
    return this.connection.capabilities;
  }
  get error(): SessionError | undefined {
    return this.connection.error;
  }
  /** The era the server speaks, once connected (server/mcp/era/). */
  get era(): Era | undefined {
    return this.connection.era;
  }
  get stderr() {
    return this.output.stderr;
  }
  get traffic() {
    return this.output.traffic;
  }
  get resources() {
    return this.lists.resources;
  }
  get templates() {
    return this.lists.templates;
  }
  get watches(): ReadonlyMap<string, Watch> {
    return this.subscriptions.watches;
  }
  /** The name given at launch (a config's key, `--server`): the one hosts use. Undefined when derived. */
  get hostName(): string | undefined {
    return this.launchName;
  }
  get fileWatch(): FileWatchControl | null {
    return this.fileWatchSlot.current;
  }

  // ---- output ----------------------------------------------------------------------------------

  /** Hear every operation and event of this session from now on; returns the unsubscribe. */
  observe(observer: SessionObserver): () => void {
    return this.output.observe(observer);
  }

  /** The same, and every JSON-RPC message in either direction (the Problems panel's linter). */
  observeTraffic(observer: TrafficObserver): () => void {
    return this.output.observeTraffic(observer);
  }

  /** A line of the inspector's own (or a build's output) in the server's stderr panel. */
  note(text: string): void {
    this.output.note(text);
  }

  /** The summary changed: tell every tab. */
  changed(): void {
    this.output.emit({ type: "session", session: this.summary() });
  }

  rename(name: string): void {
    // The inspector's label (a user's, or "demo (2)" beside another demo), not the host config's
    // name: host rules judge only the launch name (hostName).
    this.name = name;
    this.changed();
  }

  touch(): void {
    this.lastActivityAt = Date.now();
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  /**
   * Start the server and initialize. `listsWithin`: a connect the page asked for; the resource
   * and template walks start as soon as initialize answers, and the "connected" event waits for
   * them up to that many ms and carries them (the page shows the session with its tree at once).
   */
  async connect({ listsWithin }: { listsWithin?: number } = {}): Promise<void> {
    const first = !this.connection.connectedAt;
    try {
      await this.connection.connect();
    } catch (err) {
      await this.close();
      throw err;
    }
    if (this.launchName === undefined && this.serverInfo && first)
      this.name = this.serverInfo.title || this.serverInfo.name;
    const lists = listsWithin === undefined ? undefined : await this.lists.primed(listsWithin);
    this.output.emit({ type: "session", session: this.summary(), ...(lists ? { lists } : {}) });
  }

  /** The walks the connect started (`listsWithin`), for the connect answer (server/http/lists.ts). */
  firstLists() {
    return this.lists.first();
  }

  /** Start the same launch again after a disconnect; watches are re-subscribed. */
  async reconnect(): Promise<void> {
    this.refuseIfCapture("reconnected");
    await this.connection.prepareReconnect(this.name);
    await this.connect();
    await this.reopened("reconnect");
  }

  /**
   * Watch mode: replace a running stdio server with a fresh process of the same launch (the old
   * tree reaped first), then follow it as a list_changed and an update would — every watch
   * re-subscribed and re-read (`resource-updated` when its bytes changed), both lists re-walked.
   * Requests meanwhile wait for it. A disconnected server is simply reconnected. Rejects (the
   * session then disconnected with the reason) when the new process does not initialize.
   */
  async restart(): Promise<void> {
    this.refuseIfCapture("restarted");
    if (!this.abilities.restart) throw new RestartNotSupportedError(this.name);
    await this.connection.settled();
    if (this.connection.isClosing && this.status === "disconnected")
      throw new SessionNotConnectedError(this.name, "closed");
    if (this.status === "disconnected") return this.reconnect();
    await this.connection.replace("restart");
    // Closed by the user while the new process started: it must not outlive the session.
    if (this.connection.isClosing) return this.connection.transport.close();
    await this.reopened("restart");
  }

  /** A new transport under a live session: watches re-subscribed, both lists re-walked. */
  private async reopened(why: RelistReason): Promise<void> {
    await this.subscriptions.resubscribe();
    const relisted = this.lists.relist(why);
    // A restart is followed as a change is: its caller waits for the re-list too.
    if (why === "restart") await relisted;
  }

  // ---- OAuth (server/mcp/session/sign-in.ts) ----------------------------------------------------

  /** Connect again; where to send the browser when the server still wants consent. */
  signIn(): Promise<string | null> {
    if (this.opened) return Promise.reject(new CaptureReadOnlyError("signed into"));
    return this.signInFlow.signIn();
  }

  /** The browser came back with a code (its state already checked): tokens, then connect. */
  finishSignIn(result: { code: string } | { error: string }): Promise<void> {
    return this.signInFlow.finish(result);
  }

  /** Forget the tokens (and their stored copy) and end the connection they opened. */
  signOut(): Promise<void> {
    return this.signInFlow.signOut();
  }

  // ---- what the user asks of the server ------------------------------------------------------------

  listResources(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<Resource>> {
    this.connection.requireConnected(this.name);
    return this.lists.listResources(refresh, look, ctx);
  }

  listTemplates(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<ResourceTemplate>> {
    this.connection.requireConnected(this.name);
    return this.lists.listTemplates(refresh, look, ctx);
  }

  /** A watched resource answers with its latest version (kept fresh by update notifications). */
  read(uri: string, fresh = false, look: LookOptions = {}, ctx?: RequestContext): Promise<ReadResponse> {
    return this.requests.read(uri, fresh, look, ctx);
  }

  /** The URIs the user read most recently (at most 20), newest last. */
  recentReads(): string[] {
    return this.requests.recentReads();
  }

  complete(
    uriTemplate: string,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompleteResponse> {
    return this.requests.complete(uriTemplate, argument, context);
  }

  listTools() {
    return this.requests.listTools();
  }

  callTool(name: string, args: Record<string, unknown>, ctx?: RequestContext) {
    return this.requests.callTool(name, args, ctx);
  }

  // ---- watches -----------------------------------------------------------------------------------

  async watch(uri: string): Promise<Watch> {
    this.refuseIfCapture("watched");
    this.connection.requireConnected(this.name);
    const watch = await this.subscriptions.watch(uri);
    this.output.tell({ type: "watch", uri });
    return watch;
  }

  async unwatch(uri: string): Promise<void> {
    await this.subscriptions.unwatch(uri, this.status === "connected");
    this.output.tell({ type: "unwatch", uri });
  }

  /** The Problems scan's probe of a declared subscribe capability (no observer hears it). */
  probeSubscribe(uri: string): Promise<void> {
    return this.subscriptions.probe(uri);
  }

  /** "Check this server" on a server without the resources capability: one page of resources anyway. */
  probeUndeclaredList(): Promise<void> {
    return this.requests.probeUndeclaredList();
  }

  /**
   * A resource that is not watched changed: the server said so, or watch mode found it changed
   * when it re-read what is open. No version is kept; the tree marks it.
   */
  announceUpdated(uri: string, undeclared = false): void {
    this.subscriptions.updated(uri, 0, true, undeclared);
  }

  private onResourceUpdated(uri: string): void {
    const undeclared = !this.capabilities?.resources?.subscribe;
    if (undeclared) this.undeclaredNotifications++;
    this.subscriptions.serverUpdated(uri, undeclared);
  }

  private onListChanged(): void {
    const undeclared = !this.capabilities?.resources?.listChanged;
    if (undeclared) this.undeclaredNotifications++;
    void this.lists.relist("list_changed", undeclared);
  }

  // ---- watch mode ----------------------------------------------------------------------------------

  /** Turn watch mode on (replacing an earlier one, which is stopped) or off (null). */
  async setFileWatch(control: FileWatchControl | null): Promise<void> {
    if (control && !this.abilities.live) {
      await control.stop();
      this.refuseIfCapture("restarted on a change");
    }
    await this.fileWatchSlot.set(control);
  }

  /** Watch mode compared a rebuild with the build before it: tell every tab (and the summary). */
  buildCompared(changes: number): void {
    this.output.emit({ type: "build-diff", sessionId: this.id, changes, at: Date.now() });
    this.changed();
  }

  /** Watch mode's status changed: tell every tab (it travels in the summary). */
  fileWatchChanged(): void {
    this.changed();
  }

  summary(): SessionSummary {
    return sessionSummary(this, this.connection, {
      watchCount: this.subscriptions.watches.size,
      ...(this.fileWatchSlot.current ? { fileWatch: this.fileWatchSlot.current.status() } : {}),
    });
  }

  /** Idempotent; resolves once the server's whole process tree is gone. */
  close(): Promise<void> {
    return this.connection.close(() => this.fileWatchSlot.stop());
  }

  /** Process-exit path: no awaiting possible. */
  killSync(): void {
    this.fileWatchSlot.killSync();
    this.connection.killSync();
  }
}
