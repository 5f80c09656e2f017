import type { DemoResource } from "./store";
import { DEMO_URIS } from "./uris";

/**
 * Subscriptions (`resources/subscribe|unsubscribe`) and the live clock. The clock ticks only while
 * someone is subscribed to it, so an idle demo server sends nothing.
 */

const TICK_MS = 1_000;

export interface LiveOptions {
  /** Sends `notifications/resources/updated` for the uri. */
  sendUpdated: (uri: string) => void;
  /** Whether a uri is still listed (the clock can be removed with remove_resource). */
  isListed: (uri: string) => boolean;
}

export class LiveResources {
  private readonly subscribed = new Set<string>();
  private readonly options: LiveOptions;
  private clockTimer: NodeJS.Timeout | undefined;
  private ticks = 0;

  constructor(options: LiveOptions) {
    this.options = options;
  }

  subscribe(uri: string): void {
    this.subscribed.add(uri);
    if (uri === DEMO_URIS.clock) this.startClock();
  }

  unsubscribe(uri: string): void {
    this.subscribed.delete(uri);
    if (uri === DEMO_URIS.clock) this.stopClock();
  }

  /** Tells subscribers a resource's content changed; others are not told (spec: updated). */
  changed(uri: string): void {
    if (this.subscribed.has(uri)) this.options.sendUpdated(uri);
  }

  clockResource(): DemoResource {
    const uri = DEMO_URIS.clock;
    return {
      resource: {
        uri,
        name: "clock",
        title: "Live clock",
        description: "The current time; changes every second while subscribed.",
        mimeType: "text/plain",
        // No size: it would be stale the moment it is listed.
      },
      read: () => [
        { uri, mimeType: "text/plain", text: `${new Date().toISOString()}\ntick ${this.ticks}\n` },
      ],
    };
  }

  close(): void {
    this.stopClock();
    this.subscribed.clear();
  }

  private startClock(): void {
    if (this.clockTimer) return;
    this.clockTimer = setInterval(() => {
      if (!this.options.isListed(DEMO_URIS.clock)) return;
      this.ticks += 1;
      this.changed(DEMO_URIS.clock);
    }, TICK_MS);
    // stdin keeps the process alive while connected; the timer must not keep it alive after.
    this.clockTimer.unref();
  }

  private stopClock(): void {
    clearInterval(this.clockTimer);
    this.clockTimer = undefined;
  }
}
