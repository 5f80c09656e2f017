import "server-only";
import type { ListDiff } from "@/lib/events";
import { diffLists, isEmptyDiff } from "@/lib/list-diff";
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

export class ListCache<T> {
  private current: PagedResult<T> | null = null;
  private primed: { walk: Promise<Walked<T>>; at: number } | null = null;
  private walking: Promise<Walked<T>> | null = null;
  private queued: Promise<Walked<T>> | null = null;

  constructor(
    private readonly walk: () => Promise<PagedResult<T>>,
    private readonly key: (item: T) => string,
  ) {}

  get value(): PagedResult<T> | null {
    return this.current;
  }

  /** The cached listing when `useCache` and one exists; otherwise walk. */
  async get(useCache: boolean): Promise<PagedResult<T>> {
    const primed = this.primed;
    this.primed = null;
    if (useCache && this.current) return this.current;
    // The first request after connect joins the walk connect started, when that is recent: the
    // page asks for the list a round trip after the server answered initialize, and should not
    // wait a whole walk more. A primed walk that failed is walked again, for the request's own error.
    if (primed && Date.now() - primed.at < PRIMED_FRESH_MS) {
      const walked = await primed.walk.catch(() => null);
      if (walked) return walked.result;
    }
    return (await this.refresh()).result;
  }

  /** Start walking now, for the first `get` to join; a failure is left for that `get` to report. */
  prime(): void {
    const walk = this.refresh();
    walk.catch(() => undefined);
    this.primed = { walk, at: Date.now() };
  }

  /** Walk now, or once right after the walk in flight (which may predate the change). */
  refresh(): Promise<Walked<T>> {
    if (!this.walking) return this.start();
    this.queued ??= this.walking
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<Walked<T>> {
    const p = this.walk()
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
