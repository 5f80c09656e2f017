import "server-only";
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type DiscoverResult,
  type McpSubscription,
  type SubscriptionFilter,
} from "@modelcontextprotocol/client";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type {
  Implementation,
  ReadResponse,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from "@/lib/api/contract";
import type { ReadAnswer } from "@/lib/api/input-required";
import { MAX_REQUEST_STATE_CHARS } from "@/lib/limits/bounds";
import { hintsOf } from "@/lib/resources/cache-hints";
import type { TrafficTap } from "../transports/traffic-tap";
import { HeldItems } from "./held-items";
import { MODERN_CLIENT_CAPABILITIES } from "./probe";
import { ANY_RESULT, completionOf, pageOf, readOf } from "./salvage";
import type { Page, ProtocolClient, ProtocolHandlers, RequestOptions } from "./types";

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/**
 * An input_required read as the page takes it: the requests, and the state to echo — kept only
 * whole and within MAX_REQUEST_STATE_CHARS (a cut state could not be echoed; said instead).
 */
function inputRequiredOf(r: Record<string, unknown>): ReadResponse {
  const { inputRequests, requestState } = r;
  const warnings: string[] = [];
  let state: string | undefined;
  if (typeof requestState === "string" && requestState.length <= MAX_REQUEST_STATE_CHARS)
    state = requestState;
  else if (requestState !== undefined)
    warnings.push(
      typeof requestState === "string"
        ? `The server's requestState (${requestState.length.toLocaleString("en-US")} characters) is over the inspector's cap of ${MAX_REQUEST_STATE_CHARS.toLocaleString("en-US")}; it was not kept, so an answer cannot echo it.`
        : "The server's requestState is not a string; it was not kept.",
    );
  return {
    contents: [],
    resultType: "input_required",
    inputRequests:
      typeof inputRequests === "object" && inputRequests !== null && !Array.isArray(inputRequests)
        ? (inputRequests as Record<string, unknown>)
        : {},
    ...(state !== undefined ? { requestState: state } : {}),
    ...hintsOf(r),
    ...(warnings.length ? { warnings } : {}),
  };
}

/**
 * The v2 client's errors as SDK 1.32's `McpError`, which the session and the HTTP error mapping
 * already understand (a not-found read stays -32602/-32002, a timeout a timeout).
 */
function asMcpError(err: unknown): unknown {
  if (err instanceof ProtocolError) return new McpError(err.code, err.message, err.data);
  if (err instanceof SdkError) {
    if (err.code === SdkErrorCode.RequestTimeout) return new McpError(ErrorCode.RequestTimeout, err.message);
    if (err.code === SdkErrorCode.ConnectionClosed || err.code === SdkErrorCode.NotConnected)
      return new McpError(ErrorCode.ConnectionClosed, err.message);
  }
  return err;
}

async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw asMcpError(err);
  }
}

/**
 * The 2026-07-28 era through `@modelcontextprotocol/client` 2.x. Watches are one
 * `subscriptions/listen` stream carrying list_changed and every watched URI: changing the set
 * opens the new stream before closing the old one (no gap; a duplicate update only coalesces),
 * and a stream the server ends is opened again with backoff. Requests go out as they are
 * (`client.request`), never through the v2 client's response cache: the inspector shows what the
 * server answers, and its page honours `ttlMs` itself.
 */
export class ModernProtocolClient implements ProtocolClient {
  readonly era = "modern" as const;
  private readonly client: Client;
  private readonly watched = new Set<string>();
  private subscription: McpSubscription | null = null;
  private honored = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private ended = false;
  private backoff = BACKOFF_FIRST_MS;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private options: RequestOptions = { timeout: 30_000 };
  private held: HeldItems | null = null;
  /** The listen still waiting for its acknowledgement: a newer set of watches replaces it. */
  private opening: AbortController | null = null;

  constructor(
    clientInfo: Implementation,
    private readonly handlers: ProtocolHandlers,
    private readonly discover: DiscoverResult,
  ) {
    this.client = new Client(clientInfo, {
      capabilities: MODERN_CLIENT_CAPABILITIES,
      // A read that needs input is shown as such, never answered by the inspector.
      inputRequired: { autoFulfill: false },
    });
    this.client.onclose = () => {
      this.ended = true;
      handlers.onClose();
    };
    this.client.setNotificationHandler("notifications/resources/updated", (n) =>
      handlers.onResourceUpdated(n.params.uri),
    );
    this.client.setNotificationHandler("notifications/resources/list_changed", () =>
      handlers.onListChanged(),
    );
  }

  async connect(tap: TrafficTap, options: RequestOptions): Promise<void> {
    this.options = options;
    // The tap is an SDK 1.32 Transport; the v2 client takes it as it is (same shape), through
    // HeldItems, which keeps a result's items from the client's own whole check.
    this.held = new HeldItems(tap);
    await this.client.connect(this.held, {
      ...options,
      prior: { kind: "modern", discover: this.discover },
    });
    // Not awaited: a server that never acknowledges must not hold the connect until its deadline
    // (the stream is opened now, in order before any later request; a watch queues behind it).
    this.relisten().catch((err: unknown) => {
      if (!this.ended) this.handlers.note(`[inspector] subscriptions/listen failed: ${String(err)}\n`);
    });
  }

  serverInfo(): Implementation | null {
    return this.client.getServerVersion() ?? null;
  }

  capabilities(): ServerCapabilities | null {
    return (this.client.getServerCapabilities() as ServerCapabilities | undefined) ?? null;
  }

  instructions() {
    return this.client.getInstructions();
  }

  /**
   * A request whose result the v2 client checks only for `resultType` (its codec's decodeResult)
   * and then takes as it came: salvage.ts checks it item by item, as in the legacy era.
   */
  private async raw(
    method: string,
    params: Record<string, unknown>,
    options: RequestOptions & { allowInputRequired?: boolean },
  ): Promise<Record<string, unknown>> {
    const r = await translated(() => this.client.request({ method, params } as never, ANY_RESULT, options));
    return this.held ? this.held.restore(r) : r;
  }

  private async page<T>(
    method: string,
    field: "resources" | "resourceTemplates" | "tools",
    cursor: string | undefined,
    options: RequestOptions,
  ): Promise<Page<T>> {
    const r = await this.raw(method, cursor ? { cursor } : {}, options);
    return pageOf<T>(r, field);
  }

  listResources(cursor: string | undefined, options: RequestOptions): Promise<Page<Resource>> {
    return this.page("resources/list", "resources", cursor, options);
  }

  listTemplates(cursor: string | undefined, options: RequestOptions): Promise<Page<ResourceTemplate>> {
    return this.page("resources/templates/list", "resourceTemplates", cursor, options);
  }

  async read(uri: string, options: RequestOptions, answer?: ReadAnswer): Promise<ReadResponse> {
    const r = await this.raw("resources/read", { uri, ...answer }, { ...options, allowInputRequired: true });
    if (r.resultType === "input_required") return inputRequiredOf(r);
    return readOf<ReadResponse>(r);
  }

  async complete(params: Parameters<ProtocolClient["complete"]>[0], options: RequestOptions) {
    return completionOf(await this.raw("completion/complete", params, options));
  }

  listTools(cursor: string | undefined, options: RequestOptions): Promise<Page<Tool>> {
    return this.page("tools/list", "tools", cursor, options);
  }

  async callTool(name: string, args: Record<string, unknown>, options: RequestOptions) {
    return (await translated(() =>
      this.client.callTool({ name, arguments: args }, options),
    )) as unknown as CallToolResult;
  }

  async watch(uri: string, options: RequestOptions) {
    this.options = options;
    this.watched.add(uri);
    await this.relisten();
  }

  async unwatch(uri: string, options: RequestOptions) {
    this.options = options;
    if (this.watched.delete(uri)) await this.relisten();
  }

  unacknowledged(): string[] {
    return [...this.watched].filter((uri) => !this.honored.has(uri));
  }

  async close() {
    this.ended = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client.close();
  }

  private filter(): SubscriptionFilter | null {
    const listChanged = Boolean(this.capabilities()?.resources?.listChanged);
    if (!listChanged && this.watched.size === 0) return null;
    return {
      ...(listChanged ? { resourcesListChanged: true } : {}),
      ...(this.watched.size ? { resourceSubscriptions: [...this.watched] } : {}),
    };
  }

  /**
   * One stream for the current set; calls queue, so two re-listens never race. A stream still
   * unacknowledged is given up for the new one (a silent server would hold every change for its
   * whole timeout).
   */
  private relisten(): Promise<void> {
    this.opening?.abort();
    const run = async () => {
      if (this.ended) return;
      const old = this.subscription;
      const filter = this.filter();
      if (filter) {
        const next = await this.listen(filter);
        // Not acknowledged: the stream before it (if any) still serves what it was given.
        if (!next) return;
        this.subscription = next;
        this.honored = new Set(next.honoredFilter.resourceSubscriptions ?? []);
        this.backoff = BACKOFF_FIRST_MS;
        void next.closed.then((how) => this.streamEnded(next, how));
      } else {
        this.subscription = null;
        this.honored = new Set();
      }
      if (old) await old.close();
    };
    const p = this.queue.then(run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /**
   * Open a stream; null when the server never acknowledged it within the request timeout (spec:
   * subscriptions#acknowledgment). That is said once in the server's log, and the watches it
   * carried show "Not acknowledged" (`unacknowledged`); it is not retried until watches change.
   */
  private async listen(filter: SubscriptionFilter): Promise<McpSubscription | null> {
    const timeout = this.options.timeout;
    const opening = (this.opening = new AbortController());
    try {
      return await translated(() => this.client.listen(filter, { timeout, signal: opening.signal }));
    } catch (err) {
      if (opening.signal.aborted) return null;
      if (!(err instanceof McpError && err.code === (ErrorCode.RequestTimeout as number))) throw err;
      const asked = [
        ...(filter.resourcesListChanged ? ["list changes"] : []),
        ...(filter.resourceSubscriptions ?? []),
      ];
      this.handlers.note(
        `[inspector] subscriptions/listen not acknowledged: the server sent no notifications/subscriptions/acknowledged within ${timeout ?? "the request timeout"} ms, so ${asked.join(", ")} will get no updates.\n`,
      );
      return null;
    } finally {
      if (this.opening === opening) this.opening = null;
    }
  }

  private streamEnded(sub: McpSubscription, how: "local" | "graceful" | "remote") {
    if (how === "local" || this.ended || sub !== this.subscription) return;
    this.subscription = null;
    this.scheduleRelisten(`the server ended the subscriptions/listen stream (${how})`);
  }

  private scheduleRelisten(why: string) {
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    this.handlers.note(`[inspector] ${why}; listening again in ${wait} ms\n`);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.relisten().catch((err: unknown) => {
        if (!this.ended) this.scheduleRelisten(`listening again failed: ${String(err)}`);
      });
    }, wait);
    this.retry.unref?.();
  }
}
