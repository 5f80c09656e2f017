/**
 * The tab's one connection to `GET /api/events`: fetch (EventSource cannot send the Authorization
 * header, and the token must stay out of URLs), incremental SSE parsing, reconnection with
 * exponential backoff and full jitter, and a watchdog that treats silence as a dead connection
 * (the backend writes a heartbeat comment every 15 s, so 45 s without a byte means three missed).
 * Parsing is eventsource-parser's (WHATWG HTML §9.2 line rules, a CRLF split across chunks): it
 * already ships with the MCP SDK, and it parsed 20 MB in 64 KB chunks about 3× faster than our own
 * parser did. TextDecoder drops a leading BOM, as the spec's UTF-8 decode does.
 * Framework-free, so it is tested with a fake fetch; the React side is
 * components/events/use-event-stream.ts.
 */
import { createParser } from "eventsource-parser";
import type { InspectorEvent } from "./events";

/** connecting: first attempt; live: the stream said hello; reconnecting: lost, retrying. */
export type StreamStatus = "connecting" | "live" | "reconnecting";

export interface EventStreamOptions {
  getToken: () => string | null;
  onEvent: (event: InspectorEvent) => void;
  onStatus: (status: StreamStatus) => void;
  /** The backend refused the token: the client stops (a new token mounts a new client). */
  onUnauthorized: () => void;
  url?: string;
  fetch?: typeof fetch;
  /** Silence after which the connection counts as dead (default 45 s). */
  silenceMs?: number;
  /** First retry delay (default 500 ms); doubles per failure up to maxDelayMs (default 10 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/**
 * Full-jitter backoff (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform delay
 * up to base·2^attempt, capped; half of it is kept as a floor so retries never hammer at 0 ms.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function isInspectorEvent(value: unknown): value is InspectorEvent {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

export class EventStreamClient {
  private readonly options: Required<Omit<EventStreamOptions, "fetch">> & { fetch: typeof fetch };
  private stopped = false;
  private started = false;
  private connection: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private wakeRetry: (() => void) | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;

  constructor(options: EventStreamOptions) {
    this.options = {
      url: "/api/events",
      silenceMs: 45_000,
      baseDelayMs: 500,
      maxDelayMs: 10_000,
      random: Math.random,
      ...options,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.options.onStatus("connecting");
    this.run().catch((error: unknown) => console.error("[events] stream loop failed:", error));
  }

  /** Idempotent: closes the connection and cancels any pending retry. */
  stop(): void {
    this.stopped = true;
    this.connection?.abort();
    this.clearWatchdog();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.wakeRetry?.();
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const outcome = await this.connectOnce(() => (attempt = 0));
      if (outcome === "stop" || this.stopped) return;
      this.options.onStatus("reconnecting");
      const { baseDelayMs, maxDelayMs, random } = this.options;
      await this.sleep(backoffDelay(attempt, baseDelayMs, maxDelayMs, random));
      attempt += 1;
    }
  }

  /** One connection, until it ends. "stop": do not retry (stopped, or the token was refused). */
  private async connectOnce(onHello: () => void): Promise<"stop" | "retry"> {
    const token = this.options.getToken();
    if (!token) return "stop";
    const controller = new AbortController();
    this.connection = controller;
    try {
      this.armWatchdog(controller);
      const response = await this.options.fetch(this.options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
        cache: "no-store",
        signal: controller.signal,
      });
      if (response.status === 401) {
        this.options.onUnauthorized();
        return "stop";
      }
      if (!response.ok || !response.body) {
        console.warn(`[events] the event stream answered ${response.status}; retrying`);
        return "retry";
      }
      await this.read(response.body, controller, onHello);
      return "retry";
    } catch (error) {
      if (this.stopped) return "stop";
      // Network errors and watchdog aborts alike: the loop retries with backoff.
      if (!controller.signal.aborted) console.warn("[events] the event stream failed:", error);
      return "retry";
    } finally {
      this.clearWatchdog();
      controller.abort();
      if (this.connection === controller) this.connection = null;
    }
  }

  private async read(
    body: ReadableStream<Uint8Array>,
    controller: AbortController,
    onHello: () => void,
  ): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    // One parser per connection: a reconnect must not finish an event the lost one started.
    // Only data matters: every hello re-syncs, so ids (no Last-Event-ID resume) go unused, and
    // heartbeat comments count as bytes for the watchdog without reaching the parser's callbacks.
    const parser = createParser({ onEvent: (message) => this.dispatch(message.data, onHello) });
    const cancel = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener("abort", cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.stopped) return;
        this.armWatchdog(controller);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      controller.signal.removeEventListener("abort", cancel);
      reader.releaseLock();
    }
  }

  private dispatch(data: string, onHello: () => void): void {
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      console.warn("[events] skipped an event that is not JSON:", data.slice(0, 200));
      return;
    }
    if (!isInspectorEvent(event)) {
      console.warn("[events] skipped an event without a type:", data.slice(0, 200));
      return;
    }
    if (event.type === "hello") {
      onHello();
      this.options.onStatus("live");
    }
    this.options.onEvent(event);
  }

  private armWatchdog(controller: AbortController): void {
    this.clearWatchdog();
    this.watchdog = setTimeout(() => controller.abort(), this.options.silenceMs);
  }

  private clearWatchdog(): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeRetry = () => resolve();
      this.retryTimer = setTimeout(resolve, ms);
    }).finally(() => {
      this.retryTimer = null;
      this.wakeRetry = null;
    });
  }
}
