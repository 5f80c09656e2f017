import "server-only";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import type { InspectorEvent } from "@/lib/api/events";
import type { RequestProgress } from "@/lib/api/progress";
import { RequestCancelledError, RequestIdInUseError } from "./session-errors";

/**
 * What one request of the user carries down to the SDK: the signal that cancels it (the SDK then
 * sends `notifications/cancelled`) and where its progress goes. `onprogress` set means the SDK
 * puts a `progressToken` in the request's `_meta`.
 */
export interface RequestContext {
  readonly signal: AbortSignal;
  readonly onprogress: (progress: Progress) => void;
  /** A list walk fetched page `n` (1-based). */
  readonly page: (n: number) => void;
}

/** A server may send progress thousands of times a second; the page needs a few a second. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * The requests of one session that the page named (lib/api/progress.ts): each cancellable by its id
 * or by the HTTP request that carried it ending early (the user navigated away), its progress sent
 * to every tab as `progress` events, at most one per request every 100 ms (the latest wins).
 */
export class InFlightRequests {
  private readonly live = new Map<string, AbortController>();

  constructor(
    private readonly sessionId: string,
    private readonly emit: (event: InspectorEvent) => void,
  ) {}

  /**
   * Run `work` as request `id`. Rejects with RequestCancelledError once cancelled, whatever the
   * SDK made of the abort. An id already in flight is refused: ids are the page's, one per request.
   */
  async run<T>(
    id: string,
    signal: AbortSignal | undefined,
    work: (ctx: RequestContext) => Promise<T>,
  ): Promise<T> {
    if (this.live.has(id)) throw new RequestIdInUseError(`Request ${id} is already in flight.`);
    const controller = new AbortController();
    const abort = () => controller.abort(new RequestCancelledError());
    if (signal?.aborted) abort();
    signal?.addEventListener("abort", abort, { once: true });
    this.live.set(id, controller);
    const progress = new Throttled((p: RequestProgress) =>
      this.emit({ type: "progress", sessionId: this.sessionId, requestId: id, ...p }),
    );
    const ctx: RequestContext = {
      signal: controller.signal,
      onprogress: ({ progress: done, total, message }) =>
        progress.push({
          ours: false,
          progress: done,
          ...(total !== undefined ? { total } : {}),
          ...(message !== undefined ? { message } : {}),
        }),
      page: (n) => progress.push({ page: n, message: `page ${n}`, ours: true }),
    };
    try {
      controller.signal.throwIfAborted();
      return await work(ctx);
    } catch (err) {
      if (controller.signal.aborted) throw new RequestCancelledError();
      throw err;
    } finally {
      progress.stop();
      signal?.removeEventListener("abort", abort);
      this.live.delete(id);
    }
  }

  /** Cancel request `id`; false when no such request is in flight (it ended, or never was). */
  cancel(id: string): boolean {
    const controller = this.live.get(id);
    if (!controller) return false;
    controller.abort(new RequestCancelledError());
    return true;
  }

  /** Ids in flight (tests, diagnostics). */
  ids(): string[] {
    return [...this.live.keys()];
  }
}

/** Hands on the first value at once, then at most one (the latest) per interval. */
class Throttled<T> {
  private pending: T | undefined;
  private timer: NodeJS.Timeout | null = null;
  private last = 0;

  constructor(private readonly send: (value: T) => void) {}

  push(value: T): void {
    const wait = this.last + PROGRESS_INTERVAL_MS - Date.now();
    if (wait <= 0 && !this.timer) {
      this.last = Date.now();
      this.send(value);
      return;
    }
    this.pending = value;
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        const v = this.pending;
        this.pending = undefined;
        this.last = Date.now();
        if (v !== undefined) this.send(v);
      },
      Math.max(0, wait),
    );
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = undefined;
  }
}
