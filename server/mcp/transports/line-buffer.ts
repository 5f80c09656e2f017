/**
 * Newline framing for stdio, linear in the bytes received.
 *
 * The SDK's ReadBuffer concatenates its whole buffer with every chunk and searches it from the
 * start each time, so a 10 MB message arriving in 64 KB chunks copies and scans ~800 MB (about
 * 0.6 s on this machine). Here chunks are kept as they come, only the new chunk is scanned for a
 * newline, and a message is joined once, when it is complete.
 */
import { isUtf8 } from "node:buffer";

export class LineTooLongError extends Error {}

/** A complete line, and whether its bytes were valid UTF-8 (else decoding replaced them with U+FFFD). */
export interface Line {
  text: string;
  utf8: boolean;
}

export class LineBuffer {
  private chunks: Buffer[] = [];
  private pending = 0;

  /** @param maxLineBytes the largest line (message) accepted; a longer one throws LineTooLongError. */
  constructor(private readonly maxLineBytes: number) {}

  /** The complete lines `chunk` finishes, without their newline (and without a trailing \r). */
  push(chunk: Buffer): string[] {
    return this.pushLines(chunk).map((l) => l.text);
  }

  /** Like push(), with each line's UTF-8 validity (the Problems panel's text-not-utf8 check). */
  pushLines(chunk: Buffer): Line[] {
    const lines: Line[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      const part = chunk.subarray(start, nl);
      this.guard(part.length);
      const whole = this.chunks.length === 0 ? part : Buffer.concat([...this.chunks, part]);
      this.chunks = [];
      this.pending = 0;
      const end = whole.length > 0 && whole[whole.length - 1] === 0x0d ? whole.length - 1 : whole.length;
      const bytes = whole.subarray(0, end);
      lines.push({ text: bytes.toString("utf8"), utf8: isUtf8(bytes) });
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.guard(rest.length);
      this.chunks.push(rest);
      this.pending += rest.length;
    }
    return lines;
  }

  /** Bytes of an unfinished line held now. */
  get size(): number {
    return this.pending;
  }

  clear(): void {
    this.chunks = [];
    this.pending = 0;
  }

  private guard(adding: number): void {
    if (this.pending + adding > this.maxLineBytes) {
      const size = this.pending + adding;
      this.clear();
      throw new LineTooLongError(`line of at least ${size} bytes exceeds ${this.maxLineBytes}`);
    }
  }
}
