/**
 * The cheap first test of an item a server listed or sent (issue 32): an object whose required
 * fields are strings. It costs nanoseconds for a `{}`, where a zod check that fails costs ~7 µs
 * and an issue object; the backend's salvage (server/mcp/era/salvage.ts) and the linter both
 * start here, so millions of bad items cost a loop, not millions of errors.
 */

/** Why `item` is not an object with string `fields`, or null when it is. */
export function missingField(item: unknown, fields: readonly string[]): string | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return "not an object";
  for (const field of fields) {
    const v = (item as Record<string, unknown>)[field];
    if (v === undefined) return `missing ${field}`;
    if (typeof v !== "string") return `${field} is not a string`;
  }
  return null;
}

/** The items of `items` that pass `missingField`, how many did not, and the first reason. */
export function splitByShape<T>(
  items: readonly unknown[],
  fields: readonly string[],
): { valid: T[]; bad: number; first: string | null } {
  const valid: T[] = [];
  let bad = 0;
  let first: string | null = null;
  for (let i = 0; i < items.length; i++) {
    const why = missingField(items[i], fields);
    if (why === null) valid.push(items[i] as T);
    else {
      bad++;
      first ??= `items[${i}]: ${why}`;
    }
  }
  return { valid, bad, first };
}
