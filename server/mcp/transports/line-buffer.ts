/**
 * Newline framing for stdio, linear in the bytes received.
 *
 * The SDK's ReadBuffer concatenates its whole buffer with every chunk and searches it from the
 * start each time, so a 10 MB message arriving in 64 KB chunks copies and scans ~800 MB (about
 * 0.6 s on this machine). Here only the new chunk is scanned for a newline, and a line that spans
 * chunks is decoded chunk by chunk as it arrives (a StringDecoder keeps a character cut between
 * two), so when its last chunk comes only that chunk is left to decode: no 10 MB join and no
 * 10 MB decode after the fact (~85 ms on this machine). Its bytes are joined again only when some
 * are not ASCII, for the UTF-8 check.
 */
import { isAscii, isUtf8 } from "node:buffer";
import { StringDecoder } from "node:string_decoder";

/**
 * A complete line, and whether its bytes were valid UTF-8 (else decoding replaced them with U+FFFD).
 * A line longer than the limit is not kept: it comes as `dropped`, its length and its first and
 * last bytes (where a message's `id` is), and `text` is empty. The lines after it are whole.
 */
export interface Line {
  text: string;
  utf8: boolean;
  dropped?: DroppedLine;
}

export interface DroppedLine {
  /** The line's length in bytes. */
  bytes: number;
  /** Its first and last EDGE_BYTES, as text. */
  head: string;
  tail: string;
}

/** Bytes kept of each end of a dropped line: enough for `{"jsonrpc":"2.0","id":…` or `…,"id":…}`. */
const EDGE_BYTES = 512;

export class LineBuffer {
  /** The unfinished line: its bytes (references to the chunks), and its text decoded so far. */
  private chunks: Buffer[] = [];
  private text = "";
  private ascii = true;
  private decoder = new StringDecoder("utf8");
  private pending = 0;
  /** Past the limit: what is kept of the line being dropped until its newline comes. */
  private dropping: { bytes: number; head: Buffer; tail: Buffer } | null = null;

  /** @param maxLineBytes the largest line (message) accepted; a longer one is dropped (`Line.dropped`). */
  constructor(private readonly maxLineBytes: number) {}

  /** The complete lines `chunk` finishes, without their newline (and without a trailing \r); dropped ones left out. */
  push(chunk: Buffer): string[] {
    return this.pushLines(chunk)
      .filter((l) => !l.dropped)
      .map((l) => l.text);
  }

  /** Like push(), with each line's UTF-8 validity (the Problems panel's text-not-utf8 check). */
  pushLines(chunk: Buffer): Line[] {
    const lines: Line[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      const part = chunk.subarray(start, nl);
      if (this.dropping || this.pending + part.length > this.maxLineBytes) {
        this.drop(part);
        lines.push(this.endDropped());
      } else lines.push(this.chunks.length === 0 ? whole(part) : this.finish(part));
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.dropping || this.pending + rest.length > this.maxLineBytes) this.drop(rest);
      else {
        this.chunks.push(rest);
        this.pending += rest.length;
        if (this.ascii && !isAscii(rest)) this.ascii = false;
        this.text += this.decoder.write(rest);
      }
    }
    return lines;
  }

  /** The unfinished line went past the limit: keep its ends and its length, let go of the rest. */
  private drop(part: Buffer): void {
    if (!this.dropping) {
      // The line so far (at most the limit) is let go; its ends are kept, as for what follows.
      const held = this.chunks;
      this.dropping = { bytes: 0, head: Buffer.alloc(0), tail: Buffer.alloc(0) };
      this.clear();
      for (const c of held) this.keepEdges(c);
    }
    this.keepEdges(part);
  }

  private keepEdges(part: Buffer): void {
    const d = this.dropping!;
    if (d.head.length < EDGE_BYTES)
      d.head = Buffer.concat([d.head, part.subarray(0, EDGE_BYTES - d.head.length)]);
    d.tail = Buffer.from(
      (part.length >= EDGE_BYTES ? part : Buffer.concat([d.tail, part])).subarray(-EDGE_BYTES),
    );
    d.bytes += part.length;
  }

  private endDropped(): Line {
    const d = this.dropping!;
    this.dropping = null;
    return {
      text: "",
      utf8: true,
      dropped: { bytes: d.bytes, head: d.head.toString("utf8"), tail: d.tail.toString("utf8") },
    };
  }

  /** Bytes of an unfinished line held now. */
  get size(): number {
    return this.pending;
  }

  clear(): void {
    this.chunks = [];
    this.text = "";
    this.ascii = true;
    this.decoder = new StringDecoder("utf8");
    this.pending = 0;
  }

  /** The unfinished line ended with `part`. */
  private finish(part: Buffer): Line {
    const raw = this.text + this.decoder.end(part);
    const utf8 = this.ascii && isAscii(part) ? true : isUtf8(Buffer.concat([...this.chunks, part]));
    this.clear();
    return { text: raw.endsWith("\r") ? raw.slice(0, -1) : raw, utf8 };
  }
}

/** A line that came in one chunk: decoded at once. */
function whole(part: Buffer): Line {
  const bytes = part.length > 0 && part[part.length - 1] === 0x0d ? part.subarray(0, -1) : part;
  return { text: bytes.toString("utf8"), utf8: isUtf8(bytes) };
}
