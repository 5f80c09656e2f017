import type { InspectorEvent } from "@/lib/api/events";
import { createParser } from "eventsource-parser";

/** Reads the real /api/events stream of a route handler and lets a test wait for events. */
export class EventReader {
  readonly events: InspectorEvent[] = [];
  private waiters: { match: (e: InspectorEvent) => boolean; resolve: (e: InspectorEvent) => void }[] = [];
  private reading: Promise<void> = Promise.resolve();
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;

  start(res: Response): void {
    const reader = res.body!.getReader();
    this.reader = reader;
    const decoder = new TextDecoder();
    // The same parser as the page's event stream client.
    const parser = createParser({
      onEvent: (m) => {
        const event = JSON.parse(m.data) as InspectorEvent;
        this.events.push(event);
        this.waiters = this.waiters.filter((w) => {
          if (!w.match(event)) return true;
          w.resolve(event);
          return false;
        });
      },
    });
    this.reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    })();
  }

  /** Resolve with the first event (already seen or future) that matches, or reject after timeoutMs. */
  waitFor<T extends InspectorEvent>(match: (e: InspectorEvent) => e is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (e: InspectorEvent) => boolean, timeoutMs?: number): Promise<InspectorEvent>;
  waitFor(match: (e: InspectorEvent) => boolean, timeoutMs = 15_000): Promise<InspectorEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  /** Cancel the stream as a closing tab would; the server's cleanup must run. */
  async stop(): Promise<void> {
    await this.reader?.cancel();
    await this.reading;
  }
}
