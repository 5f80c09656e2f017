import { notifyManager, type QueryClient } from "@tanstack/react-query";
import { coalesceEvents, eventEffects, type CacheEffect } from "@/lib/api/event-effects";
import type { InspectorEvent } from "@/lib/api/events";
import { CoalescedInvalidator } from "./coalesced-invalidator";

/** Background tabs get no animation frames; flush at least this often anyway. */
const MAX_FLUSH_DELAY_MS = 100;

/**
 * Applies live events to the query cache once per animation frame: 1,000 events a second become
 * at most one batch of cache writes per frame (one React render), with each session's traffic
 * folded into one append. The mapping itself is lib/api/event-effects.ts.
 */
export class CacheApplier {
  private queue: InspectorEvent[] = [];
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly invalidator: CoalescedInvalidator;

  constructor(private readonly client: QueryClient) {
    this.invalidator = new CoalescedInvalidator(client);
  }

  push(event: InspectorEvent): void {
    this.queue.push(event);
    if (this.timer !== null) return;
    this.timer = setTimeout(this.flush, MAX_FLUSH_DELAY_MS);
    if (typeof requestAnimationFrame === "function") this.frame = requestAnimationFrame(this.flush);
  }

  readonly flush = (): void => {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
    const events = coalesceEvents(this.queue);
    this.queue = [];
    const now = Date.now();
    notifyManager.batch(() => {
      for (const event of events) {
        for (const effect of eventEffects(event, (key) => this.client.getQueryData(key), now)) {
          this.apply(effect);
        }
      }
    });
  };

  dispose(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.queue = [];
    this.invalidator.dispose();
  }

  private apply(effect: CacheEffect): void {
    switch (effect.op) {
      case "set":
        this.client.setQueryData(effect.key, effect.update);
        break;
      case "remove":
        this.client.removeQueries({ queryKey: effect.key });
        break;
      case "invalidate":
        this.invalidator.invalidate(effect.key, effect.throttleMs, effect.failedOnly);
        break;
      case "invalidate-all":
        // Rare (a (re)connect): restart fetches in flight too, they may predate missed events.
        this.invalidator.reset();
        void this.client.invalidateQueries();
        break;
    }
  }
}
