import { hashKey, partialMatchKey, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";

interface Pending {
  key: QueryKey;
  throttleMs: number;
  failedOnly: boolean;
}

/** A query that has nothing to show, or whose last fetch failed. */
const failed = (query: Query) => query.state.data === undefined || query.state.status === "error";

/**
 * invalidateQueries for a key prefix, at most one fetch in flight and one after it. A storm of
 * updates for one resource becomes back-to-back fetches, never a cancelled fetch (which could
 * starve: every new invalidation would restart it) and never a missed final state (an invalidation
 * that arrives mid-fetch is replayed once that fetch settles, so the last fetch starts after the
 * last event). `throttleMs` spaces runs for keys whose fetch is not worth repeating at once.
 */
export class CoalescedInvalidator {
  private readonly waitingForFetch = new Map<string, Pending>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly lastRun = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(private readonly client: QueryClient) {
    this.unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || this.waitingForFetch.size === 0) return;
      const action = event.action.type;
      if (action !== "success" && action !== "error") return;
      for (const [hash, pending] of this.waitingForFetch) {
        if (!partialMatchKey(event.query.queryKey as QueryKey, pending.key)) continue;
        if (client.isFetching({ queryKey: pending.key }) > 0) continue;
        this.waitingForFetch.delete(hash);
        this.invalidate(pending.key, pending.throttleMs, pending.failedOnly);
      }
    });
  }

  invalidate(key: QueryKey, throttleMs = 0, failedOnly = false): void {
    // A failed-only run is its own entry: it must not stand in for (or be swallowed by) a full one.
    const hash = failedOnly ? `${hashKey(key)}#failed` : hashKey(key);
    // A run is already due after the current fetch or timer: it will read the latest state.
    if (this.waitingForFetch.has(hash) || this.timers.has(hash)) return;
    if (this.client.isFetching({ queryKey: key }) > 0) {
      this.waitingForFetch.set(hash, { key, throttleMs, failedOnly });
      return;
    }
    const wait = (this.lastRun.get(hash) ?? -Infinity) + throttleMs - Date.now();
    if (wait > 0) {
      this.timers.set(
        hash,
        setTimeout(() => {
          this.timers.delete(hash);
          this.invalidate(key, throttleMs, failedOnly);
        }, wait),
      );
      return;
    }
    if (throttleMs > 0) this.remember(hash);
    void this.client.invalidateQueries(
      failedOnly ? { queryKey: key, predicate: failed } : { queryKey: key },
      { cancelRefetch: false },
    );
  }

  /** Forget pending work (after `hello` invalidated everything anyway). */
  reset(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.waitingForFetch.clear();
  }

  dispose(): void {
    this.reset();
    this.unsubscribe();
  }

  private remember(hash: string): void {
    this.lastRun.set(hash, Date.now());
    // Bounded: one entry per throttled key; old ones no longer throttle anything.
    if (this.lastRun.size > 500) {
      const cutoff = Date.now() - 60_000;
      for (const [h, at] of this.lastRun) if (at < cutoff) this.lastRun.delete(h);
    }
  }
}
