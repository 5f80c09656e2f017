/**
 * Recently used template values, remembered per template (and server) in localStorage, bounded:
 * the newest MAX_PER_TEMPLATE value sets per template, the MAX_TEMPLATES most recently used
 * templates. Pure functions over a plain object; the hook reads and writes the storage.
 */
export const RECENT_STORAGE_KEY = "mcp-inspector:template-recent:v1";
export const MAX_PER_TEMPLATE = 8;
export const MAX_TEMPLATES = 50;

export type TemplateValuesRecord = Record<string, string>;

export type RecentStore = Record<string, { at: number; values: TemplateValuesRecord[] }>;

function isStringRecord(value: unknown): value is TemplateValuesRecord {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

/** Checked by hand (this runs in the page, which ships no validation library). */
function isRecentStore(value: unknown): value is RecentStore {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return false;
    const { at, values } = entry as { at?: unknown; values?: unknown };
    return typeof at === "number" && Array.isArray(values) && values.every(isStringRecord);
  });
}

/** The key of a template: the server's name and the template itself. */
export function recentKey(serverName: string, uriTemplate: string): string {
  return `${serverName}\n${uriTemplate}`;
}

/** Parses what localStorage held; anything unexpected is an empty store, never an error. */
export function parseRecentStore(raw: string | null): RecentStore {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecentStore(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function sameValues(a: TemplateValuesRecord, b: TemplateValuesRecord): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The store with `values` first for `key` (deduplicated), trimmed to the bounds. */
export function rememberValues(
  store: RecentStore,
  key: string,
  values: TemplateValuesRecord,
  now: number,
): RecentStore {
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  if (Object.keys(filled).length === 0) return store;
  const previous = store[key]?.values ?? [];
  const next: RecentStore = {
    ...store,
    [key]: {
      at: now,
      values: [filled, ...previous.filter((v) => !sameValues(v, filled))].slice(0, MAX_PER_TEMPLATE),
    },
  };
  const keys = Object.keys(next);
  if (keys.length <= MAX_TEMPLATES) return next;
  const keep = new Set(keys.sort((a, b) => (next[b]?.at ?? 0) - (next[a]?.at ?? 0)).slice(0, MAX_TEMPLATES));
  return Object.fromEntries(Object.entries(next).filter(([k]) => keep.has(k)));
}

export function recentValues(store: RecentStore, key: string): TemplateValuesRecord[] {
  return store[key]?.values ?? [];
}
