/**
 * Incremental parser for `text/event-stream` (WHATWG HTML §9.2). We read the stream with fetch
 * rather than EventSource because EventSource cannot send an Authorization header, and the token
 * must not go into a URL.
 */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private event = "";
  private id: string | undefined;

  /** Feed a decoded chunk; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    let start = 0;
    for (;;) {
      const nl = this.buffer.slice(start).search(/\r\n|\r|\n/);
      if (nl < 0) break;
      const end = start + nl;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (this.buffer[end] === "\r" && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, end);
      start = end + (this.buffer.startsWith("\r\n", end) ? 2 : 1);
      if (line === "") {
        if (this.data.length > 0) {
          out.push({
            event: this.event || "message",
            data: this.data.join("\n"),
            ...(this.id !== undefined ? { id: this.id } : {}),
          });
        }
        this.data = [];
        this.event = "";
        continue;
      }
      if (line.startsWith(":")) continue; // comment / heartbeat
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") this.data.push(value);
      else if (field === "event") this.event = value;
      else if (field === "id" && !value.includes("\0")) this.id = value;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }
}
