import type { ListDiff } from "../api/events";

/** JSON with object keys sorted, so two equal values always serialize alike. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  });
}

/**
 * Compare two listings as sets keyed by `key` (uri for resources, uriTemplate for templates):
 * order does not matter; an item whose metadata differs in any field is "changed".
 */
export function diffLists<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): ListDiff {
  const old = new Map<string, string>();
  for (const item of before) old.set(key(item), stableStringify(item));
  const added: string[] = [];
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const item of after) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    const prev = old.get(k);
    if (prev === undefined) added.push(k);
    else if (prev !== stableStringify(item)) changed.push(k);
  }
  const removed = [...old.keys()].filter((k) => !seen.has(k));
  return { added, removed, changed };
}

export const isEmptyDiff = (d: ListDiff) => d.added.length + d.removed.length + d.changed.length === 0;
