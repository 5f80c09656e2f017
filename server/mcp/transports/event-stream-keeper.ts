import "server-only";

/** Backoff between attempts to re-open the stream: 0.5 s, growing 1.5× to 10 s, for good. */
export const REOPEN_FIRST_MS = 500;
export const REOPEN_MAX_MS = 10_000;
const REOPEN_GROWTH = 1.5;

/** An `id:` line longer than this is no event id we keep (a server's 10 MB id stays its own). */
const MAX_EVENT_ID_CHARS = 1_024;

/**
 * Keeps a Streamable HTTP session's GET event stream (the server's notifications) open, whatever
 * ended it. The SDK re-opens that stream only when it broke before a response arrived on it: a
 * server that sends a response on the GET stream and then ends it, or ends it cleanly, left the
 * session deaf for good while the card said "re-opening". So the transport turns the SDK's own
 * reconnects off and this class owns them: it watches the body of every GET stream, remembers the
 * last event id (for `Last-Event-ID`), and when the body ends or breaks it re-opens the stream
 * with backoff until one opens, saying on the card what happened and what it is doing.
 */
export class EventStreamKeeper {
  /** Why the stream is down, while it is; null while it is open (or was never offered). */
  private down: string | null = null;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private nextAt = 0;
  private stopped = false;
  lastEventId: string | undefined;

  constructor(
    private readonly o: {
      /** Open the GET stream again (`Last-Event-ID` given); rejects when the attempt failed. */
      reopen: (lastEventId: string | undefined) => Promise<void>;
      /** Whether the stream is still worth keeping (live, not closing, still the current one). */
      wanted: () => boolean;
      note: (text: string) => void;
      changed: () => void;
    },
  ) {}

  /** The GET answered with a stream: watch its body to the end. */
  opened(response: Response): Response {
    if (this.down !== null) this.o.note(`[inspector] the event stream is open again\n`);
    this.attempts = 0;
    this.setDown(null);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const ids = new EventIdScanner((id) => (this.lastEventId = id));
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          controller.error(err);
          this.ended(`it broke (${err instanceof Error ? err.message : String(err)})`);
          return;
        }
        if (chunk.done) {
          controller.close();
          this.ended("the server ended it");
          return;
        }
        ids.push(chunk.value);
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /** The GET was answered 405: the server offers no stream; nothing to keep. */
  notOffered(): void {
    if (this.down !== null)
      this.o.note(`[inspector] the server no longer offers an event stream (HTTP 405); not re-opening it\n`);
    this.cancelTimer();
    this.setDown(null);
  }

  /** A request could not reach the server at all: the stream is surely down too (shown at once). */
  unreachable(why: string): void {
    if (this.down === null && this.o.wanted()) this.setDown(why);
  }

  /** What the card shows: why the stream is down and when it is tried again, or null. */
  describe(): string | null {
    if (this.down === null) return null;
    const wait = this.timer ? Math.max(0, this.nextAt - Date.now()) : 0;
    return `${this.down}; ${this.timer ? `re-opening in ${(wait / 1000).toFixed(1)} s` : "re-opening"}${
      this.attempts > 1 ? ` (attempt ${this.attempts})` : ""
    }`;
  }

  get isDown(): boolean {
    return this.down !== null;
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer();
  }

  private ended(why: string): void {
    if (this.stopped || !this.o.wanted()) return;
    this.setDown(`the event stream was lost: ${why}`);
    this.o.note(`[inspector] the event stream was lost (${why}); re-opening it with backoff\n`);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    const delay = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * REOPEN_GROWTH ** this.attempts);
    this.attempts++;
    this.nextAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped || !this.o.wanted()) return;
      this.o.reopen(this.lastEventId).then(
        () => this.o.changed(),
        (err: unknown) => {
          if (this.stopped || !this.o.wanted()) return;
          this.setDown(
            `the event stream was lost; re-opening failed: ${err instanceof Error ? err.message : String(err)}`,
          );
          this.schedule();
        },
      );
    }, delay);
    this.timer.unref();
    this.o.changed();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setDown(why: string | null): void {
    if (this.down === why) return;
    this.down = why;
    this.o.changed();
  }
}

/**
 * Finds `id:` fields in a server-sent-events byte stream as it passes (WHATWG HTML §9.2.6: a line
 * `id: value`, the value up to the line's end, one leading space dropped; ids with NUL ignored).
 */
export class EventIdScanner {
  private readonly decoder = new TextDecoder();
  private line = "";
  /** The current line is too long to be an id we keep: skip to its end. */
  private skipping = false;

  constructor(private readonly onId: (id: string) => void) {}

  push(bytes: Uint8Array): void {
    const text = this.decoder.decode(bytes, { stream: true });
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      if (!this.skipping) this.endLine(this.line + text.slice(start, i));
      this.line = "";
      this.skipping = false;
      start = i + 1;
    }
    if (this.skipping) return;
    this.line += text.slice(start);
    // Only a line that may still be an `id:` field is kept, and only up to the id limit.
    if (!"id:".startsWith(this.line.slice(0, 3)) || this.line.length > MAX_EVENT_ID_CHARS + 4) {
      this.line = "";
      this.skipping = true;
    }
  }

  private endLine(line: string): void {
    if (!line.startsWith("id") || line.length > MAX_EVENT_ID_CHARS + 4) return;
    if (line === "id") return this.onId("");
    if (!line.startsWith("id:")) return;
    const value = line.slice(3).replace(/^ /, "");
    if (!value.includes("\0")) this.onId(value);
  }
}
