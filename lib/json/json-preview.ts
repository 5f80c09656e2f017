/**
 * The start of `JSON.stringify(value)`, built only as far as it is shown: at most `limit`
 * characters and one more (so a caller can tell it was cut). Iterative, so a value nested 100,000
 * levels deep (a hostile server's) costs a loop, not the call stack, and a 10 MB value costs what
 * is shown, not a whole serialisation. Output is the same as JSON.stringify's as far as it goes;
 * a value JSON.stringify cannot write (undefined, a function) at the top is `String(value)`.
 */
export function jsonPreview(value: unknown, limit: number): string {
  if (!isJsonWritable(value)) return String(value).slice(0, limit + 1);
  let out = "";
  // Each entry writes one piece: a value to serialise, or literal text (brackets, commas, keys).
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length > 0 && out.length <= limit) {
    const next = stack.pop()!;
    if ("text" in next) {
      out += next.text;
      continue;
    }
    const v = toJsonable(next.value);
    if (v === null || typeof v !== "object") {
      out += scalar(v, limit + 1 - out.length);
      continue;
    }
    const pieces: ({ text: string } | { value: unknown })[] = [];
    if (Array.isArray(v)) {
      pieces.push({ text: "[" });
      const items = v as unknown[];
      for (let i = 0; i < items.length; i++) {
        if (i > 0) pieces.push({ text: "," });
        pieces.push(isJsonWritable(items[i]) ? { value: items[i] } : { text: "null" });
        // Far more items than can be shown (each piece is a character at least): stop here.
        if (pieces.length > 2 * limit) break;
      }
      pieces.push({ text: "]" });
    } else {
      pieces.push({ text: "{" });
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        if (!isJsonWritable(item)) continue;
        pieces.push({ text: `${first ? "" : ","}${JSON.stringify(key)}:` }, { value: item });
        first = false;
        if (pieces.length > 2 * limit) break;
      }
      pieces.push({ text: "}" });
    }
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
  }
  return out.slice(0, limit + 1);
}

function isJsonWritable(v: unknown): boolean {
  return v !== undefined && typeof v !== "function" && typeof v !== "symbol";
}

function toJsonable(v: unknown): unknown {
  const withToJson = v as { toJSON?: () => unknown } | null;
  return v !== null && typeof v === "object" && typeof withToJson?.toJSON === "function"
    ? withToJson.toJSON()
    : v;
}

function scalar(v: unknown, room: number): string {
  if (typeof v === "string") return JSON.stringify(v.length > room ? v.slice(0, room) : v);
  if (typeof v === "bigint") return String(v); // JSON.stringify throws; a preview shows it
  return JSON.stringify(v) ?? "null";
}
