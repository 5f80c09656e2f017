import "server-only";
import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { HttpLaunch, HttpTransportUsed, TransportDetails } from "@/lib/api/contract";
import { authorizationHeaderOf } from "@/lib/launch/http-input";
import { EventStreamKeeper } from "./event-stream-keeper";
import { guardedFetch, type FetchLike } from "./guarded-fetch";
import { describeBadJson, describeHttpFailure, describeRequestFailure, errnoOf } from "./http-failures";
import { createModernInner, jsonRpcAnswerOf, ModernHttpInner, withBearer } from "./modern-http";
import { TransportRequestError, type OwnedTransport, type OwnedTransportOptions } from "./owned";
import { RemoteTransport, withServerHeaders } from "./remote";

export interface HttpTransportOptions extends OwnedTransportOptions {
  /** The OAuth client for this server, when it needs sign-in. */
  authProvider?: OAuthClientProvider;
  /**
   * Origins besides the server's own this session may contact (an authorization server). Read
   * live: the OAuth flow adds the authorization server once the resource's metadata names it.
   */
  allowedOrigins?: Set<string>;
  /** Under the guarded fetch (the OAuth flow observes its requests there). */
  fetchBase?: FetchLike;
}

type Inner = StreamableHTTPClientTransport | SSEClientTransport | ModernHttpInner;

/** A status that tells `auto` the URL does not speak Streamable HTTP (the spec's fallback rule). */
function fallsBack(err: unknown): boolean {
  return (
    err instanceof StreamableHTTPError &&
    err.code !== undefined &&
    err.code >= 400 &&
    err.code < 500 &&
    err.code !== 401 &&
    err.code !== 403
  );
}

/**
 * A server behind a URL. `streamable-http` and `sse` use the SDK transport of that name; `auto`
 * sends `initialize` as Streamable HTTP and, when the URL answers it with a 4xx (other than an
 * auth challenge), opens the legacy HTTP+SSE transport on the same URL instead, and says which it
 * used. Every request goes through one guarded fetch (allowed origins, size cap, no silent
 * cross-origin redirects); the GET stream re-opens with backoff and `Last-Event-ID` (the SDK's).
 * Unless the launch asks for the legacy era or the SSE transport, it starts on the 2026-07-28
 * binding (modern-http.ts), which carries the era probe and, when the server answers it, the
 * whole modern session (no session id, no GET stream); an `initialize` is the legacy era, and
 * from it on the SDK 1.32 transports above carry everything.
 */
export class OwnedHttpTransport extends RemoteTransport<HttpTransportOptions> implements OwnedTransport {
  used: HttpTransportUsed | null = null;
  /** The last HTTP-level error, for a start failure that the SDK reports vaguely. */
  private lastError: Error | null = null;
  private inner: Inner | null = null;
  private readonly fetch: FetchLike;
  private closing: Promise<void> | null = null;
  /** Closed (or closing past the DELETE): every later fetch is refused, see `make`. */
  private ended = false;
  private protocolVersion: string | undefined;
  /** Initialized: a failed request is now a live session's, described as such. */
  private live = false;
  /** The GET event stream, kept open whatever ends it (Streamable HTTP; the legacy SSE transport's EventSource keeps its own). */
  private readonly stream: EventStreamKeeper;
  /** The legacy SSE transport's event stream failed, and has not opened since. */
  private sseStreamLost = false;

  constructor(launch: HttpLaunch, options: HttpTransportOptions) {
    super(launch, options);
    this.stream = new EventStreamKeeper({
      reopen: async (lastEventId) => {
        const inner = this.inner;
        if (inner instanceof StreamableHTTPClientTransport) await inner.resumeStream(lastEventId as string);
      },
      wanted: () => this.live && !this.closing && !this.ended,
      note: (text) => this.options.onLog(text),
      changed: () => this.options.onDetailsChanged?.(),
    });
    const allowed = options.allowedOrigins ?? new Set<string>();
    allowed.add(this.url.origin);
    this.fetch = guardedFetch({
      allowed,
      base: options.fetchBase,
      maxBytes: options.maxMessageBytes,
      onTooLarge: (err) => {
        this.failure ??= err;
        this.onerror?.(err);
        void this.close();
      },
    });
  }

  /** The user gave their own Authorization header: a 401 is about that header, not a sign-in. */
  private get ownAuthorization(): boolean {
    return authorizationHeaderOf(this.launch.headers) !== undefined;
  }

  get sessionId(): string | undefined {
    return this.inner instanceof StreamableHTTPClientTransport ? this.inner.sessionId : undefined;
  }

  /** `gated`: refuse to fetch once this transport ended (false for finishAuth's throwaway). */
  private make(kind: HttpTransportUsed, gated = true): Inner {
    // The SDK's GET-stream reconnect loop reschedules itself on every failed attempt, even after
    // close() (the attempt in flight fails on the aborted signal and schedules the next one):
    // once this transport has ended, a fetch never settles, so the loop stops where it is.
    // The user's headers are added here, per request, for this server's origin only: given to the
    // SDK as `requestInit` they would go with every fetch it makes, OAuth discovery, registration
    // and token requests to another origin included, and would replace its OAuth token.
    const gatedFetch = this.serverFetch(gated);
    // Legacy SSE has no session id: a restarted server shows only as the event stream opening
    // again (the EventSource reconnects and is handed a new endpoint — a session that was never
    // initialized and holds none of our subscriptions). Once live, that is an expired session.
    let streamOpens = 0;
    const fetch: FetchLike =
      kind !== "sse"
        ? async (url, init) => {
            const res = await gatedFetch(url, init);
            if ((init?.method ?? "GET").toUpperCase() === "POST") return jsonRpcAnswerOf(res, init?.body);
            if (inner !== this.inner) return res;
            // The GET that (re-)opens the event stream: watched to its end, and re-opened then.
            if (res.status === 405) this.stream.notOffered();
            return res.ok ? this.stream.opened(res) : res;
          }
        : async (url, init) => {
            const res = await gatedFetch(url, init);
            if ((init?.method ?? "GET").toUpperCase() === "GET" && res.ok) this.setSseStreamLost(false);
            const opensStream = (init?.method ?? "GET").toUpperCase() === "GET" && res.ok;
            if (opensStream && ++streamOpens > 1 && this.live && !this.closing && inner === this.inner)
              queueMicrotask(() =>
                this.onerror?.(
                  new SseSessionLostError(`${this.url.href}: the event stream re-opened on a new session`),
                ),
              );
            return res;
          };
    const inner: Inner =
      kind === "sse"
        ? new SSEClientTransport(this.url, {
            fetch,
            authProvider: this.options.authProvider,
          })
        : new StreamableHTTPClientTransport(this.url, {
            fetch,
            authProvider: this.options.authProvider,
            // No reconnects of the SDK's own: it re-opens the GET stream only when it broke before a
            // response arrived on it. EventStreamKeeper re-opens it whatever ended it.
            reconnectionOptions: {
              initialReconnectionDelay: 500,
              maxReconnectionDelay: 10_000,
              reconnectionDelayGrowFactor: 1.5,
              maxRetries: 0,
            },
          });
    return this.attach(inner, (e) => {
      // The server cannot be reached at all (a request's network error): the stream is down too.
      if (this.live && kind === "sse" && (/SSE error|SSE stream disconnected/.test(e.message) || errnoOf(e)))
        this.setSseStreamLost(true);
      else if (this.live && errnoOf(e))
        this.stream.unreachable(`${this.url.host} cannot be reached (${errnoOf(e)})`);
      this.lastError = e;
    });
  }

  /**
   * An inner transport's callbacks, its own errors' effects in `heard`. What fails while we close
   * (a DELETE the server refuses, the aborted stream) is no news, nor is an inner that was
   * replaced (auto's first try, the era probe's binding) closing: that is not this one's end.
   */
  private attach<T extends Inner>(inner: T, heard: (e: Error) => void): T {
    inner.onmessage = (m: JSONRPCMessage) => this.onmessage?.(m);
    inner.onerror = (e: Error) => {
      if (this.closing || inner !== this.inner) return;
      // maxRetries 0: the SDK saying it will not reconnect is the keeper's cue, not news.
      if (/^Maximum reconnection attempts \(0\) exceeded/.test(e.message)) return;
      heard(e);
      this.onerror?.(e);
    };
    inner.onclose = () => {
      if (inner === this.inner) this.notifyClosed();
    };
    if (this.protocolVersion) inner.setProtocolVersion?.(this.protocolVersion);
    return inner;
  }

  /**
   * The fetch every inner transport uses: the guarded one, with the user's headers for the
   * server's origin. `gated`: refuse to fetch once this transport ended (see `make`).
   */
  private serverFetch(gated = true): FetchLike {
    return (url, init) =>
      gated && this.ended
        ? new Promise<Response>(() => {})
        : this.fetch(url, withServerHeaders(url, init, this.url.origin, this.launch.headers));
  }

  /** The 2026-07-28 binding (modern-http.ts): the era probe and a modern session. */
  private makeModern(): ModernHttpInner {
    const own = this.ownAuthorization;
    const inner = createModernInner(
      this.url,
      withBearer(this.serverFetch(), own ? undefined : this.options.authProvider, this.url.origin),
    );
    return this.attach(inner, (e) => {
      if (this.live) this.lastError = e;
    });
    return inner;
  }

  /** The 2026-07-28 binding can carry this launch: Streamable HTTP (or auto), any era but legacy. */
  private get startsModern(): boolean {
    return this.launch.transport !== "sse" && this.launch.era !== "legacy";
  }

  /** The v2 client uses one POST stream per request, and aborts it to cancel (2026-07-28). */
  get hasPerRequestStream(): boolean {
    return this.inner instanceof ModernHttpInner;
  }

  async start(): Promise<void> {
    if (this.inner) throw new Error("transport already started");
    const first: HttpTransportUsed = this.launch.transport === "sse" ? "sse" : "streamable-http";
    this.inner = this.startsModern ? this.makeModern() : this.make(first);
    await this.inner.start();
    if (this.launch.transport !== "auto") this.used = first;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    let inner = this.inner;
    if (!inner || this.closing) throw new Error("Not connected");
    if (inner instanceof ModernHttpInner) {
      if (!isInitializeRequest(message))
        return this.guard(() => (inner as ModernHttpInner).send(message, options));
      // `initialize` is the legacy era: the SDK 1.32 transports carry it from here on.
      this.inner = null;
      await inner.close().catch(() => undefined);
      inner = this.make("streamable-http");
      this.inner = inner;
      await inner.start();
    }
    if (this.used !== null || this.launch.transport !== "auto" || !isInitializeRequest(message)) {
      return this.guard(() => sendOn(inner, message, options));
    }
    try {
      await sendOn(inner, message, options);
      this.used = "streamable-http";
    } catch (err) {
      if (!fallsBack(err)) throw this.explain(err);
      this.options.onLog(
        `[inspector] ${this.url.href} answered Streamable HTTP's initialize with HTTP ${(err as StreamableHTTPError).code}; trying the legacy HTTP+SSE transport\n`,
      );
      this.inner = null;
      await inner.close().catch(() => undefined);
      const sse = this.make("sse");
      this.inner = sse;
      await sse.start().catch((e: unknown) => {
        throw this.explain(e);
      });
      this.used = "sse";
      await this.guard(() => sse.send(message));
    }
  }

  private async guard(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      throw this.explain(err);
    }
  }

  /**
   * The error to surface: a known failure (too large) wins over what the SDK made of it; once
   * live, an HTTP or network failure says in words what happened (the route answers 502 with it).
   */
  private explain(err: unknown): Error {
    if (this.failure) return this.failure;
    const e = err instanceof Error ? err : new Error(String(err));
    // The SDK parses a JSON answer with response.json(): bytes that are not JSON reject the
    // request with a bare SyntaxError (V8's message quotes the start of the bytes).
    if (e instanceof SyntaxError)
      return new TransportRequestError(describeBadJson(e, this.url), { cause: e });
    if (!this.live || !(e instanceof StreamableHTTPError || e instanceof SseError || errnoOf(e))) return e;
    return new TransportRequestError(describeRequestFailure(e, this.url, this.ownAuthorization), {
      cause: e,
    });
  }

  /**
   * The browser came back from the authorization server with a code: the SDK exchanges it (with
   * the PKCE verifier) for tokens through this server's guarded fetch. A throwaway inner
   * transport does it, so this one can start afresh with the tokens.
   */
  async finishAuth(code: string): Promise<void> {
    const first: HttpTransportUsed = this.launch.transport === "sse" ? "sse" : "streamable-http";
    // The transport that met the 401 has usually been closed by now: exchange through a fresh one.
    await this.make(first, false).finishAuth(code);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner?.setProtocolVersion?.(version);
  }

  details(reinitialized: number): TransportDetails {
    return {
      kind: "http",
      url: this.launch.url,
      used: this.used,
      sessionId: this.sessionId ?? null,
      reinitialized,
      streamLost: this.stream.isDown || this.sseStreamLost,
      streamNote: this.stream.describe(),
    };
  }

  private setSseStreamLost(lost: boolean): void {
    if (this.sseStreamLost === lost) return;
    this.sseStreamLost = lost;
    if (lost)
      this.options.onLog(
        `[inspector] the event stream from ${this.url.href} is down; re-opening it with backoff\n`,
      );
    this.options.onDetailsChanged?.();
  }

  connected(): void {
    this.live = true;
    if (this.inner instanceof ModernHttpInner) this.used = "streamable-http";
  }

  describeStartFailure(cause: Error): string | null {
    return describeHttpFailure(this.failure ?? cause, this.url, this.lastError, this.ownAuthorization);
  }

  describeEnd(): string {
    return this.failure?.message ?? `The connection to ${this.url.href} closed.`;
  }

  isSessionExpired(cause: unknown): boolean {
    if (cause instanceof SseSessionLostError) return true;
    const err = cause instanceof TransportRequestError ? cause.cause : cause;
    if (!(err instanceof StreamableHTTPError) || !this.sessionId) return false;
    // The spec answers a forgotten session with 404; many servers (server-everything among them)
    // answer 400 "Bad Request: No valid session ID provided" instead.
    return err.code === 404 || (err.code === 400 && EXPIRED_400.test(err.message));
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const inner = this.inner;
      if (inner instanceof StreamableHTTPClientTransport && inner.sessionId && !this.failure) {
        // Tell the server we are done (it may answer 405: sessions it cannot end).
        await Promise.race([
          inner.terminateSession().catch(() => undefined),
          new Promise((r) => setTimeout(r, 1_000).unref()),
        ]);
      }
      this.ended = true;
      this.stream.stop();
      await inner?.close().catch(() => undefined);
      this.notifyClosed();
    })();
    return this.closing;
  }

  killSync(): void {
    this.ended = true;
    this.stream.stop();
    void this.inner?.close();
  }
}

/** The legacy SSE server handed us a new session (it restarted): re-initialize. */
class SseSessionLostError extends Error {}

function sendOn(inner: Inner, message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
  return inner instanceof StreamableHTTPClientTransport ? inner.send(message, options) : inner.send(message);
}

/** A 400 that means "I do not know that session" (server-everything words it so). */
const EXPIRED_400 =
  /no valid session|session not found|unknown session|invalid session|session (has )?expired/i;

export { describeHttpFailure, describeRequestFailure } from "./http-failures";
export { withServerHeaders } from "./remote";
