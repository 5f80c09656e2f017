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
export class ListCache<T> {
  private current: PagedResult<T> | null = null;
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
    if (useCache && this.current) return this.current;
    return (await this.refresh()).result;
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
