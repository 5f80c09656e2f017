/**
 * JSON Pointer (RFC 6901), the one way this app names a place in a JSON value: the watch view's
 * structural diff, a check's matchers and mismatches, and the recorder's matcher editor all use
 * it. "" is the whole value; "/a/0" is key "a", then item 0. Inside a reference token "~" is
 * written "~0" and "/" "~1" (§3), so every key, even "", "a/b" or "~", round-trips.
 */

/** One reference token (§3): "~" → "~0", then "/" → "~1". */
export function escapeToken(token: string | number): string {
  return String(token).replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The key a reference token names. "~1" is replaced before "~0" (§4), so "~01" is the key "~1",
 * not "/".
 */
export function unescapeToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** The pointer to `token` inside the value at `base`. */
export function joinPointer(base: string, token: string | number): string {
  return `${base}/${escapeToken(token)}`;
}

/** The keys a pointer walks through, unescaped; null when it is not a pointer (no leading "/"). */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return null;
  return pointer.slice(1).split("/").map(unescapeToken);
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * The value a pointer refers to (§4), or undefined when it refers to nothing. Only own keys
 * count ("/constructor" of `{}` is nothing, not Object's constructor), and in an array only
 * indexes written as §4 says (so "/length" and "/01" are nothing).
 */
export function valueAt(value: unknown, pointer: string): unknown {
  const keys = parsePointer(pointer);
  if (keys === null) return undefined;
  let here: unknown = value;
  for (const key of keys) {
    if (here === null || typeof here !== "object" || !Object.hasOwn(here, key)) return undefined;
    if (Array.isArray(here) && !ARRAY_INDEX.test(key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}
