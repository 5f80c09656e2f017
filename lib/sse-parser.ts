/**
 * A pull-style face on eventsource-parser, kept only for server/testing/event-reader.ts (the tab's
 * client, lib/event-stream-client.ts, uses eventsource-parser directly). Delete this file and its
 * test once that helper calls createParser itself: the parsing rules live in the library alone.
 */
import { createParser } from "eventsource-parser";

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private completed: SseMessage[] = [];
  /** The spec's last event ID persists across events; eventsource-parser reports it per event. */
  private lastId: string | undefined;
  private readonly parser = createParser({
    onEvent: ({ event, data, id }) => {
      if (id !== undefined) this.lastId = id;
      this.completed.push({
        event: event ?? "message",
        data,
        ...(this.lastId !== undefined ? { id: this.lastId } : {}),
      });
    },
  });

  /** Feed a decoded chunk; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.parser.feed(chunk);
    const out = this.completed;
    this.completed = [];
    return out;
  }
}
