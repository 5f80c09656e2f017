import "server-only";
import { clip, freshCopy, MAX_STDERR_LINE_CHARS } from "@/lib/limits/bounds";
import { RingBuffer } from "@/lib/limits/ring-buffer";

const MAX_LINE_CHARS = MAX_STDERR_LINE_CHARS;

/** Server stderr as bounded lines; a partial last line is kept until its newline arrives. */
export class StderrLog {
  private readonly lines: RingBuffer<string>;
  private partial = "";

  constructor(capacity = 2_000) {
    this.lines = new RingBuffer(capacity);
  }

  write(chunk: string): string[] {
    const joined = this.partial + chunk;
    const parts = joined.split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    if (this.partial.length > MAX_LINE_CHARS) {
      parts.push(this.partial);
      this.partial = "";
    }
    // A fresh copy when cut: a slice would keep the whole (maybe 10 MB) chunk alive with it.
    // Lines split from a big chunk are views of it too: copied, so a kept line keeps only itself.
    const big = joined.length > 64 * 1024;
    const added = parts.map((l) =>
      l.length > MAX_LINE_CHARS ? clip(l, MAX_LINE_CHARS) : big ? freshCopy(l) : l,
    );
    if (big) this.partial = freshCopy(this.partial);
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
