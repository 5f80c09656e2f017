/**
 * Rows for showing a large text: where each line starts and ends, found in one pass without
 * copying the text. Lines longer than `maxRowChars` are cut into several rows (a 10 MB minified
 * line would otherwise be one DOM text node that takes seconds to lay out); only a line's first
 * row carries its number.
 */

export interface TextRows {
  /** Number of rows. */
  count: number;
  /** Row i is text.slice(starts[i], ends[i]) (without its line terminator). */
  starts: Uint32Array;
  ends: Uint32Array;
  /** 1-based line number of the row's line, or 0 for a continuation row of a long line. */
  lineNumbers: Uint32Array;
  /** Number of lines (a final newline does not start another line). */
  lines: number;
}

export const MAX_ROW_CHARS = 4_000;

export function indexTextRows(text: string, maxRowChars = MAX_ROW_CHARS): TextRows {
  let capacity = 1024;
  let starts = new Uint32Array(capacity);
  let ends = new Uint32Array(capacity);
  let numbers = new Uint32Array(capacity);
  let count = 0;
  const push = (start: number, end: number, line: number) => {
    if (count === capacity) {
      capacity *= 2;
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(capacity);
        b.set(a);
        return b;
      };
      starts = grow(starts);
      ends = grow(ends);
      numbers = grow(numbers);
    }
    starts[count] = start;
    ends[count] = end;
    numbers[count] = line;
    count += 1;
  };

  let line = 0;
  let pos = 0;
  while (pos < text.length || (pos === 0 && line === 0)) {
    line += 1;
    const newline = text.indexOf("\n", pos);
    const next = newline < 0 ? text.length : newline + 1;
    let end = newline < 0 ? text.length : newline;
    if (end > pos && text.charCodeAt(end - 1) === 13) end -= 1; // CRLF
    let start = pos;
    push(start, Math.min(end, start + maxRowChars), line);
    for (start += maxRowChars; start < end; start += maxRowChars)
      push(start, Math.min(end, start + maxRowChars), 0);
    pos = next;
    if (newline < 0) break;
  }
  return {
    count,
    starts: starts.subarray(0, count),
    ends: ends.subarray(0, count),
    lineNumbers: numbers.subarray(0, count),
    lines: line,
  };
}

/** The text of row `i`. */
export function rowText(text: string, rows: TextRows, i: number): string {
  return text.slice(rows.starts[i] ?? 0, rows.ends[i] ?? 0);
}

/** Length of the longest line (UTF-16 units, without its terminator); one pass, no copies. */
export function longestLine(text: string): number {
  let longest = 0;
  let pos = 0;
  for (;;) {
    const newline = text.indexOf("\n", pos);
    const end = newline < 0 ? text.length : newline;
    if (end - pos > longest) longest = end - pos;
    if (newline < 0) return longest;
    pos = newline + 1;
  }
}
