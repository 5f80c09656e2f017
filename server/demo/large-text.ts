/**
 * `demo://large/10mb.txt`: exactly 10,000,000 bytes of text in 125,000 numbered lines of 80
 * bytes, made on first read (not at startup) and kept for later reads. Small enough for the
 * SDK's default 10 MiB stdio message limit, large enough to show whether a viewer freezes.
 */

export const LARGE_TEXT_BYTES = 10_000_000;
const LINE_BYTES = 80;
export const LARGE_TEXT_LINES = LARGE_TEXT_BYTES / LINE_BYTES;

const FILLER = " The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.";

let cached: string | undefined;

/** Line n (1-based) without its newline: 79 ASCII characters. */
export function largeTextLine(n: number): string {
  return `line ${n} of ${LARGE_TEXT_LINES}:${FILLER}`.slice(0, LINE_BYTES - 1);
}

export function largeText(): string {
  if (cached === undefined) {
    const lines = new Array<string>(LARGE_TEXT_LINES);
    for (let n = 1; n <= LARGE_TEXT_LINES; n++) lines[n - 1] = largeTextLine(n);
    cached = `${lines.join("\n")}\n`;
  }
  return cached;
}
