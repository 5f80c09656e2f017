import "server-only";
import type { InspectorEvent } from "@/lib/api/events";
import { boundEvent } from "./event-bounds";

type Listener = (event: InspectorEvent) => void;

/** Fan-out of inspector events to every open event stream (one per browser tab). */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly countListeners = new Set<(n: number) => void>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.notifyCount();
    return () => {
      if (this.listeners.delete(listener)) this.notifyCount();
    };
  }

  /** Every event is bounded here, the one door to every tab (event-bounds.ts). */
  emit(raw: InspectorEvent): void {
    if (this.listeners.size === 0) return;
    const event = boundEvent(raw);
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        console.error("[mcp-resource-inspector] event listener failed:", err);
      }
    }
  }

  get clientCount(): number {
    return this.listeners.size;
  }

  onClientCount(listener: (n: number) => void): void {
    this.countListeners.add(listener);
  }

  private notifyCount(): void {
    for (const l of this.countListeners) l(this.listeners.size);
  }
}

/**
 * Collects items and hands them over in one batch per `intervalMs`: a server writing 1,000
 * stderr lines or notifications a second becomes ten events, not a thousand.
 */
export class Batcher<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private dropped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxItems: number,
    private readonly flush: (items: T[], dropped: number) => void,
  ) {}

  push(item: T): void {
    if (this.items.length >= this.maxItems) {
      this.items.shift();
      this.dropped++;
    }
    this.items.push(item);
    this.timer ??= setTimeout(() => this.drain(), this.intervalMs);
  }

  drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.items.length === 0) return;
    const items = this.items;
    const dropped = this.dropped;
    this.items = [];
    this.dropped = 0;
    this.flush(items, dropped);
  }
}
