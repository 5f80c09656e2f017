import { MAX_ROW_CHARS } from "@/lib/content/text-lines";

/** A highlighted token as prism-react-renderer gives it. */
export interface CodeToken {
  types: string[];
  content: string;
  empty?: boolean;
}

export interface CodeRow {
  /** 1-based line number, or 0 for a continuation row of a long line. */
  line: number;
  tokens: CodeToken[];
}

/**
 * Highlighted lines as display rows of at most `maxChars` characters, tokens cut where a row
 * ends: a minified line of 100,000 characters becomes 25 rows a virtual list can skip, not one
 * row of thousands of spans the browser must lay out at once (the same rule as plain text,
 * lib/content/text-lines.ts).
 */
export function codeRows(lines: readonly CodeToken[][], maxChars = MAX_ROW_CHARS): CodeRow[] {
  const rows: CodeRow[] = [];
  lines.forEach((tokens, index) => {
    let row: CodeRow = { line: index + 1, tokens: [] };
    let used = 0;
    for (const token of tokens) {
      let content = token.content;
      while (used + content.length > maxChars) {
        const room = maxChars - used;
        if (room > 0) row.tokens.push({ ...token, content: content.slice(0, room) });
        content = content.slice(room);
        rows.push(row);
        row = { line: 0, tokens: [] };
        used = 0;
      }
      if (content.length > 0 || token.content.length === 0) row.tokens.push({ ...token, content });
      used += content.length;
    }
    rows.push(row);
  });
  return rows;
}
