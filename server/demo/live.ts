import type { DemoResource } from "./resource-store";
import { DEMO_URIS } from "./uris";

/**
 * Subscriptions (`resources/subscribe|unsubscribe`) and the live clock. The clock ticks only while
 * someone is subscribed to it, so an idle demo server sends nothing.
 *
 * Each clock version records the epoch ms it was made at (`at-ms: <ms>` in its text), and a tick
 * sends `updated` right after replacing the version, so a client can measure notification →
 * screen latency from the content it shows. While nobody is subscribed, a read makes a new version
 * (the clock shows the current time); while subscribed, the version changes only at ticks.
 */

const TICK_MS = 1_000;

export interface LiveOptions {
  /** Sends `notifications/resources/updated` for the uri. */
  sendUpdated: (uri: string) => void;
  /** Whether a uri is still listed (the clock can be removed with remove_resource). */
  isListed: (uri: string) => boolean;
  /** Called on every `resources/subscribe`, after the uri is recorded (the storm starts here). */
  onSubscribe?: (uri: string) => void;
}

interface ClockVersion {
  ticks: number;
  atMs: number;
}

function clockText({ ticks, atMs }: ClockVersion): string {
  return `${new Date(atMs).toISOString()}\ntick ${ticks}\nat-ms: ${atMs}\n`;
}

export class LiveResources {
  private readonly subscribed = new Set<string>();
  private readonly options: LiveOptions;
  private clockTimer: NodeJS.Timeout | undefined;
  private clock: ClockVersion = { ticks: 0, atMs: Date.now() };

  constructor(options: LiveOptions) {
    this.options = options;
  }

  subscribe(uri: string): void {
    this.subscribed.add(uri);
    if (uri === DEMO_URIS.clock) this.startClock();
    this.options.onSubscribe?.(uri);
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
      read: () => {
        if (!this.clockTimer) this.clock = { ticks: this.clock.ticks, atMs: Date.now() };
        return [{ uri, mimeType: "text/plain", text: clockText(this.clock) }];
      },
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
      this.clock = { ticks: this.clock.ticks + 1, atMs: Date.now() };
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
