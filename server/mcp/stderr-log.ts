import "server-only";
import { RingBuffer } from "@/lib/ring-buffer";

const MAX_LINE_CHARS = 8_192;

/** Server stderr as bounded lines; a partial last line is kept until its newline arrives. */
export class StderrLog {
  private readonly lines: RingBuffer<string>;
  private partial = "";

  constructor(capacity = 2_000) {
    this.lines = new RingBuffer(capacity);
  }

  write(chunk: string): string[] {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    if (this.partial.length > MAX_LINE_CHARS) {
      parts.push(this.partial);
      this.partial = "";
    }
    const added = parts.map((l) =>
      l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}… [truncated]` : l,
    );
    for (const l of added) this.lines.push(l);
    return added;
  }

  all(): { lines: string[]; dropped: number } {
    const lines = this.lines.toArray();
    if (this.partial) lines.push(this.partial);
    return { lines, dropped: this.lines.dropped };
  }

  tail(n = 20): string[] {
    const { lines } = this.all();
    return lines.slice(-n);
  }
}
