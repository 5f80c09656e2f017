/**
 * The gaps between JSON tokens: white space and, in JSONC, comments (lib/json/json-scan.ts scans
 * the rest). Apart so that the connect box can tell a config from a command without the scanner.
 */

const JSON_SPACE = " \t\n\r";
const ANY_SPACE = /\s/;

/**
 * Past white space (and, in JSONC, comments) from `from`: where the next token starts, and a
 * reason when a comment is not closed.
 */
export function skipGap(text: string, from: number, jsonc: boolean): { end: number; open?: string } {
  const n = text.length;
  let i = from;
  for (;;) {
    if (jsonc) while (i < n && ANY_SPACE.test(text[i]!)) i++;
    else while (i < n && JSON_SPACE.includes(text[i]!)) i++;
    if (!jsonc) return { end: i };
    if (text.startsWith("//", i)) {
      while (i < n && text[i] !== "\n") i++;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) return { end: i, open: "a comment is not closed" };
      i = close + 2;
    } else return { end: i };
  }
}

/**
 * Whether `text` is a JSON object once the white space, byte order mark and JSONC comments before
 * it are passed: VS Code's mcp.json often starts with a `//` line, and is a config, not a command.
 */
export function startsWithJsoncObject(text: string): boolean {
  const gap = skipGap(text, 0, true);
  return gap.open === undefined && text[gap.end] === "{";
}
