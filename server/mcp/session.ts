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
import type { ReadAnswer } from "@/lib/api/input-required";
import type { SessionAbilities } from "@/lib/launch/session-kinds";
import type { TrafficLinter } from "../lint/traffic-linter";
import type { McpConfig } from "./config";
import { CaptureReadOnlyError, RestartNotSupportedError, SessionNotConnectedError } from "./session-errors";
import type { InFlightRequests, RequestContext } from "./in-flight";
import type { SessionAuth, SignInRoute } from "./oauth/session-auth";
import type { PagedResult } from "./pagination";
import type { ReadLog } from "./read-log";
import type { OpenedCapture } from "./session/opened-capture";
import type { FileWatchControl } from "./session/file-watch-slot";
import { deriveName, sessionSummary } from "./session/identity";
import type { LookOptions } from "./session/lists";
import { buildSessionParts, type SessionParts } from "./session/parts";
import type { SessionObserver, TrafficObserver } from "./session/output";
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
 * lists, the subscriptions and the output (events, observers, stderr and traffic logs), wired by
 * session/parts.ts. It keeps what is the user's (name, recent reads, watch mode) and answers the summary.
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
  /** The Problems panel: it hears the traffic (server/lint/attach.ts). */
  readonly lint: TrafficLinter;
  /** The latest outcome of each URI read through `read` (a capture's reads, a comparison's side). */
  readonly readLog: ReadLog;
  /** The connection, lists, subscriptions, requests, output and watch mode (session/parts.ts). */
  private readonly parts: SessionParts;
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
    this.parts = buildSessionParts(this, {
      id,
      launch,
      config,
      emitToBus,
      launchName: name,
      signInRoute,
      opened,
    });
    ({ abilities: this.abilities, auth: this.auth, inFlight: this.inFlight } = this.parts);
    ({ lint: this.lint, readLog: this.readLog } = this.parts);
  }

  /** Refused where no live server is behind the session (a capture opened offline). */
  private refuseIfCapture(what: string): void {
    if (!this.abilities.live) throw new CaptureReadOnlyError(what);
  }

  // ---- state, as the API and the CLI read it ------------------------------------------------------

  get status(): SessionStatus {
    return this.parts.connection.status;
  }
  get serverInfo(): Implementation | null {
    return this.parts.connection.serverInfo;
  }
  get capabilities(): ServerCapabilities | null {
    return this.parts.connection.capabilities;
  }
  get error(): SessionError | undefined {
    return this.parts.connection.error;
  }
  /** The era the server speaks, once connected (server/mcp/era/). */
  get era(): Era | undefined {
    return this.parts.connection.era;
  }
  get stderr() {
    return this.parts.output.stderr;
  }
  get traffic() {
    return this.parts.output.traffic;
  }
  get resources() {
    return this.parts.lists.resources;
  }
  get templates() {
    return this.parts.lists.templates;
  }
  get watches(): ReadonlyMap<string, Watch> {
    return this.parts.subscriptions.watches;
  }
  /** The name given at launch (a config's key, `--server`): the one hosts use. Undefined when derived. */
  get hostName(): string | undefined {
    return this.launchName;
  }
  get fileWatch(): FileWatchControl | null {
    return this.parts.fileWatchSlot.current;
  }

  // ---- output ----------------------------------------------------------------------------------

  /** Hear every operation and event of this session from now on; returns the unsubscribe. */
  observe(observer: SessionObserver): () => void {
    return this.parts.output.observe(observer);
  }

  /** The same, and every JSON-RPC message in either direction (the Problems panel's linter). */
  observeTraffic(observer: TrafficObserver): () => void {
    return this.parts.output.observeTraffic(observer);
  }

  /** A line of the inspector's own (or a build's output) in the server's stderr panel. */
  note(text: string): void {
    this.parts.output.note(text);
  }

  /** The summary changed: tell every tab. */
  changed(): void {
    this.parts.output.emit({ type: "session", session: this.summary() });
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
    const first = !this.parts.connection.connectedAt;
    try {
      await this.parts.connection.connect();
    } catch (err) {
      await this.close();
      throw err;
    }
    if (this.launchName === undefined && this.serverInfo && first)
      this.name = this.serverInfo.title || this.serverInfo.name;
    const lists = listsWithin === undefined ? undefined : await this.parts.lists.primed(listsWithin);
    this.parts.output.emit({ type: "session", session: this.summary(), ...(lists ? { lists } : {}) });
  }

  /** The walks the connect started (`listsWithin`), for the connect answer (server/http/lists.ts). */
  firstLists() {
    return this.parts.lists.first();
  }

  /** Start the same launch again after a disconnect; watches are re-subscribed. */
  async reconnect(): Promise<void> {
    this.refuseIfCapture("reconnected");
    await this.parts.connection.prepareReconnect(this.name);
    await this.connect();
    await this.parts.reopened("reconnect");
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
    await this.parts.connection.settled();
    if (this.parts.connection.isClosing && this.status === "disconnected")
      throw new SessionNotConnectedError(this.name, "closed");
    if (this.status === "disconnected") return this.reconnect();
    await this.parts.connection.replace("restart");
    // Closed by the user while the new process started: it must not outlive the session.
    if (this.parts.connection.isClosing) return this.parts.connection.transport.close();
    await this.parts.reopened("restart");
  }

  // ---- OAuth (server/mcp/session/sign-in.ts) ----------------------------------------------------

  /** Connect again; where to send the browser when the server still wants consent. */
  signIn(): Promise<string | null> {
    if (this.opened) return Promise.reject(new CaptureReadOnlyError("signed into"));
    return this.parts.signInFlow.signIn();
  }

  /** The browser came back with a code (its state already checked): tokens, then connect. */
  finishSignIn(result: { code: string } | { error: string }): Promise<void> {
    return this.parts.signInFlow.finish(result);
  }

  /** Forget the tokens (and their stored copy) and end the connection they opened. */
  signOut(): Promise<void> {
    return this.parts.signInFlow.signOut();
  }

  // ---- what the user asks of the server ------------------------------------------------------------

  listResources(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<Resource>> {
    this.parts.connection.requireConnected(this.name);
    return this.parts.lists.listResources(refresh, look, ctx);
  }

  listTemplates(
    refresh = false,
    look: LookOptions = {},
    ctx?: RequestContext,
  ): Promise<PagedResult<ResourceTemplate>> {
    this.parts.connection.requireConnected(this.name);
    return this.parts.lists.listTemplates(refresh, look, ctx);
  }

  /** A watched resource answers with its latest version (kept fresh by update notifications). */
  read(uri: string, fresh = false, look: LookOptions = {}, ctx?: RequestContext): Promise<ReadResponse> {
    return this.parts.requests.read(uri, fresh, look, ctx);
  }

  /** An input_required read retried with the user's answers (`inputResponses`, `requestState`). */
  answerRead(uri: string, answer: ReadAnswer, ctx?: RequestContext): Promise<ReadResponse> {
    return this.parts.requests.answerRead(uri, answer, ctx);
  }

  /** The URIs the user read most recently (at most 20), newest last. */
  recentReads(): string[] {
    return this.parts.requests.recentReads();
  }

  complete(
    uriTemplate: string,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompleteResponse> {
    return this.parts.requests.complete(uriTemplate, argument, context);
  }

  listTools() {
    return this.parts.requests.listTools();
  }

  callTool(name: string, args: Record<string, unknown>, ctx?: RequestContext) {
    return this.parts.requests.callTool(name, args, ctx);
  }

  // ---- watches -----------------------------------------------------------------------------------

  async watch(uri: string): Promise<Watch> {
    this.refuseIfCapture("watched");
    this.parts.connection.requireConnected(this.name);
    const watch = await this.parts.subscriptions.watch(uri);
    this.parts.output.tell({ type: "watch", uri });
    return watch;
  }

  async unwatch(uri: string): Promise<void> {
    await this.parts.subscriptions.unwatch(uri, this.status === "connected");
    this.parts.output.tell({ type: "unwatch", uri });
  }

  /** The Problems scan's probe of a declared subscribe capability (no observer hears it). */
  probeSubscribe(uri: string): Promise<void> {
    return this.parts.subscriptions.probe(uri);
  }

  /** "Check this server" on a server without the resources capability: one page of resources anyway. */
  probeUndeclaredList(): Promise<void> {
    return this.parts.requests.probeUndeclaredList();
  }

  /**
   * A resource that is not watched changed: the server said so, or watch mode found it changed
   * when it re-read what is open. No version is kept; the tree marks it.
   */
  announceUpdated(uri: string, undeclared = false): void {
    this.parts.subscriptions.updated(uri, 0, true, undeclared);
  }

  // ---- watch mode ----------------------------------------------------------------------------------

  /** Turn watch mode on (replacing an earlier one, which is stopped) or off (null). */
  async setFileWatch(control: FileWatchControl | null): Promise<void> {
    if (control && !this.abilities.live) {
      await control.stop();
      this.refuseIfCapture("restarted on a change");
    }
    await this.parts.fileWatchSlot.set(control);
  }

  /** Watch mode compared a rebuild with the build before it: tell every tab (and the summary). */
  buildCompared(changes: number): void {
    this.parts.output.emit({ type: "build-diff", sessionId: this.id, changes, at: Date.now() });
    this.changed();
  }

  /** Watch mode's status changed: tell every tab (it travels in the summary). */
  fileWatchChanged(): void {
    this.changed();
  }

  summary(): SessionSummary {
    return sessionSummary(this, this.parts.connection, {
      watchCount: this.parts.subscriptions.watches.size,
      ...(this.parts.fileWatchSlot.current ? { fileWatch: this.parts.fileWatchSlot.current.status() } : {}),
    });
  }

  /** Idempotent; resolves once the server's whole process tree is gone. */
  close(): Promise<void> {
    return this.parts.connection.close(() => this.parts.fileWatchSlot.stop());
  }

  /** Process-exit path: no awaiting possible. */
  killSync(): void {
    this.parts.fileWatchSlot.killSync();
    this.parts.connection.killSync();
  }
}
