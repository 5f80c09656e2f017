import "server-only";
import type { ReadResponse } from "@/lib/api/contract";
import type { ProtocolClient } from "../era";
import type { RequestOptions } from "../era/types";
import { WatchNotSupportedError } from "../session-errors";
import { Watch } from "../watches";
import type { SessionConnection } from "./connection";
import type { SessionOutput } from "./output";

/**
 * What the user watches: one `Watch` per URI (its versions), the protocol calls that serve it
 * (through the session's request pipeline, in whichever era), the re-subscribes after a new
 * transport, and the one place a `resource-updated` event is made. Knows nothing of the session.
 */
export class Subscriptions {
  readonly watches = new Map<string, Watch>();

  /** The subscriptions of a connection: every call through its request pipeline. */
  static over(
    c: SessionConnection,
    sessionId: string,
    output: SessionOutput,
    o: { name: () => string; read: (uri: string) => Promise<ReadResponse> },
  ): Subscriptions {
    return new Subscriptions(sessionId, output, {
      request: (run) => c.request(o.name(), run),
      client: () => c.client,
      options: () => c.requestOptions(),
      read: o.read,
      canSubscribe: () => Boolean(c.capabilities?.resources?.subscribe),
      closing: () => c.isClosing,
      name: o.name,
    });
  }

  constructor(
    private readonly sessionId: string,
    private readonly output: SessionOutput,
    private readonly deps: {
      request: <T>(run: () => Promise<T>) => Promise<T>;
      client: () => ProtocolClient;
      options: () => RequestOptions;
      /** A fresh read of the server's (never a watch's cached version), heard by no observer. */
      read: (uri: string) => Promise<ReadResponse>;
      /** The server declared `resources.subscribe`. */
      canSubscribe: () => boolean;
      closing: () => boolean;
      /** The session's name, for the error that says it cannot watch. */
      name: () => string;
    },
  ) {}

  /** The latest version a watch holds, kept fresh by update notifications. */
  latest(uri: string): ReadResponse | undefined {
    return this.watches.get(uri)?.latest()?.result;
  }

  async watch(uri: string): Promise<Watch> {
    return this.watches.get(uri) ?? (await this.start(uri));
  }

  private async start(uri: string): Promise<Watch> {
    if (!this.deps.canSubscribe()) throw new WatchNotSupportedError(this.deps.name());
    await this.subscribe(uri);
    const watch = new Watch(
      uri,
      () => this.deps.read(uri),
      (v, changed) => this.updated(uri, v.version, changed, !this.deps.canSubscribe()),
      (err) => {
        if (!this.deps.closing())
          this.output.note(
            `[inspector] re-read of ${uri} failed: ${err instanceof Error ? err.message : String(err)}\n`,
          );
      },
    );
    this.watches.set(uri, watch);
    this.markAcknowledged();
    watch.add(await this.deps.read(uri));
    this.emitWatches();
    return watch;
  }

  /** Stop watching; `connected`: the server is there to be told. */
  async unwatch(uri: string, connected: boolean): Promise<void> {
    if (!this.watches.delete(uri)) return;
    this.emitWatches();
    if (!connected) return;
    await this.deps
      .request(() => this.deps.client().unwatch(uri, this.deps.options()))
      .catch((err: unknown) => this.output.note(`[inspector] unsubscribe ${uri} failed: ${String(err)}\n`));
  }

  /**
   * The Problems scan's probe of a declared subscribe capability: subscribe and unsubscribe a URI
   * nobody watches.
   */
  async probe(uri: string): Promise<void> {
    if (this.watches.has(uri)) return;
    await this.subscribe(uri);
    await this.deps.request(() => this.deps.client().unwatch(uri, this.deps.options()));
  }

  private subscribe(uri: string): Promise<unknown> {
    return this.deps.request(() => this.deps.client().watch(uri, this.deps.options()));
  }

  /** After a new transport: every watch subscribed again and re-read (told when its bytes changed). */
  async resubscribe(): Promise<void> {
    for (const watch of this.watches.values()) {
      try {
        await this.subscribe(watch.uri);
        const before = watch.latest()?.version;
        const v = watch.add(await this.deps.read(watch.uri));
        if (v.version !== before) this.updated(watch.uri, v.version, true, false);
      } catch (err) {
        this.output.note(`[inspector] could not re-subscribe ${watch.uri}: ${String(err)}\n`);
      }
    }
  }

  /** The server said `uri` changed: a watch re-reads it; an unwatched one is only marked. */
  serverUpdated(uri: string, undeclared: boolean): void {
    const watch = this.watches.get(uri);
    if (watch) watch.updated();
    else this.updated(uri, 0, true, undeclared);
  }

  /** Which watches the server's listen stream left out (modern era; never in the legacy one). */
  private markAcknowledged(): void {
    const left = new Set(this.deps.client().unacknowledged());
    for (const watch of this.watches.values()) watch.unacknowledged = left.has(watch.uri);
  }

  /** The one `resource-updated`: version 0 when not watched (no re-read). */
  updated(uri: string, version: number, changed: boolean, undeclared: boolean): void {
    this.output.emit({
      type: "resource-updated",
      sessionId: this.sessionId,
      uri,
      version,
      changed,
      at: Date.now(),
      undeclared,
    });
  }

  private emitWatches(): void {
    this.output.emit({ type: "watches", sessionId: this.sessionId, uris: [...this.watches.keys()] });
  }
}
