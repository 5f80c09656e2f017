import "server-only";
import type { ListDiff } from "@/lib/api/events";
import { diffLists, isEmptyDiff } from "@/lib/resources/list-diff";
import type { RequestContext } from "./in-flight";
import type { PagedResult } from "./pagination";

export interface Walked<T> {
  result: PagedResult<T>;
  /** Difference to the listing this walk replaced (everything is "added" on the first walk). */
  diff: ListDiff;
  changed: boolean;
}

/**
 * The last full listing of one kind (resources or templates). Concurrent callers share a walk;
 * a refresh requested while one runs queues exactly one more (list_changed bursts collapse), and
 * two walks of one list never run at once.
 */
/** How long a walk started at connect stands in for the first request's own (it was asked for then). */
const PRIMED_FRESH_MS = 5_000;

/**
 * How long a connect from the page waits for the walks it starts after initialize. A small
 * server lists in a few ms, and the page would otherwise ask a round trip later, behind the other
 * requests a new session causes; a slow list is not worth holding the answer for (the page joins
 * that walk).
 */
export const FIRST_LISTS_BUDGET_MS = 750;

export class ListCache<T> {
  private current: PagedResult<T> | null = null;
  private primed: { walk: Promise<Walked<T>>; at: number; settled: boolean } | null = null;
  private walking: Promise<Walked<T>> | null = null;
  private queued: Promise<Walked<T>> | null = null;

  constructor(
    /** `ctx`: the user's request that started this walk (its progress, its cancel). */
    private readonly walk: (ctx?: RequestContext) => Promise<PagedResult<T>>,
    private readonly key: (item: T) => string,
  ) {}

  get value(): PagedResult<T> | null {
    return this.current;
  }

  /**
   * The cached listing when `useCache` and one exists; otherwise walk. A walk started for `ctx` is
   * that request's (cancelled with it); one already running is shared, and `ctx` only stops waiting.
   * The first request after connect joins the walk connect started, when that is recent: the page
   * asks for the list a round trip after the server answered initialize, and should not wait a
   * whole walk more (unless `joinPrimed` is false: the user asked for a refresh). A primed walk
   * that had already failed when the request came is walked again, for the request's own error;
   * one that fails while the request waits for it is the request's failure.
   */
  async get(useCache: boolean, ctx?: RequestContext, joinPrimed = true): Promise<PagedResult<T>> {
    const primed = this.primed;
    this.primed = null;
    if (useCache && this.current) return this.current;
    if (joinPrimed && primed && Date.now() - primed.at < PRIMED_FRESH_MS) {
      // Joined while it runs, its outcome is this request's, failure included: a server that hangs
      // after initialize costs one request timeout, not two. Failed before we came, it is walked
      // again (the server may simply not have been ready).
      const inFlight = !primed.settled;
      const joined = ctx ? abortable(primed.walk, ctx.signal) : primed.walk;
      const walked = await joined.catch((err: unknown) => {
        if (ctx?.signal.aborted || inFlight) throw err;
        return null;
      });
      if (walked) return walked.result;
    }
    const walked = this.walking && ctx ? abortable(this.refresh(), ctx.signal) : this.refresh(ctx);
    return (await walked).result;
  }

  /**
   * Start walking now, for the first `get` to join; a failure is left for that `get` to report.
   * A walk primed moments ago and not taken yet is kept, not started twice.
   */
  prime(): void {
    if (this.primed && Date.now() - this.primed.at < PRIMED_FRESH_MS) return;
    const walk = this.refresh();
    const primed = { walk, at: Date.now(), settled: false };
    walk.then(
      () => (primed.settled = true),
      () => (primed.settled = true),
    );
    this.primed = primed;
  }

  /**
   * The primed walk's listing when it ends within `budgetMs`: the connect answer carries it, and
   * it is the first request's (a later get walks or uses the cache as usual). Undefined when
   * nothing is primed, or the walk is slower (it stays for the page's request to join), or it failed
   * (the page's request walks again and reports its own error).
   */
  async takePrimed(budgetMs: number): Promise<PagedResult<T> | undefined> {
    const primed = this.primed;
    const result = await this.waitPrimed(budgetMs);
    if (result && this.primed === primed) this.primed = null;
    return result;
  }

  /** Like takePrimed, but the primed walk stays for the first get (or takePrimed) to take. */
  async waitPrimed(budgetMs: number): Promise<PagedResult<T> | undefined> {
    const primed = this.primed;
    if (!primed) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, budgetMs));
    });
    const walked = await Promise.race([primed.walk.catch(() => undefined), late]).finally(() =>
      clearTimeout(timer),
    );
    return walked?.result;
  }

  /** Walk now, or once right after the walk in flight (which may predate the change). */
  refresh(ctx?: RequestContext): Promise<Walked<T>> {
    if (!this.walking) return this.start(ctx);
    this.queued ??= this.walking
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(ctx?: RequestContext): Promise<Walked<T>> {
    const p = this.walk(ctx)
      .then((result) => {
        const diff = diffLists(this.current?.items ?? [], result.items, this.key);
        this.current = result;
        return { result, diff, changed: !isEmptyDiff(diff) };
      })
      .finally(() => {
        if (this.walking === p) this.walking = null;
      });
    this.walking = p;
    return p;
  }
}

/** `p`, or its signal's reason as soon as the signal aborts (p itself goes on for others). */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener("abort", stop, { once: true });
    void p.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}
