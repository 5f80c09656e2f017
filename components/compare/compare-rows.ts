/**
 * A comparison (lib/capture/compare.ts) as the compare panel lists it: one entry per resource or
 * template URI that differs — added, removed, changed in its listing, or with contents that differ —
 * and field changes as the watch view's JSON diff rows (paths shown below the entry's own pointer).
 */
import type { CompareResponse } from "@/lib/api/contract";
import type { ReadDiff } from "@/lib/capture/compare";
import type { Mismatch } from "@/lib/check/compare";
import type { JsonChange, JsonDiffResult } from "@/lib/json/diff";

export type EntryKind = "added" | "removed" | "changed" | "content";

export interface CompareEntry {
  /** "resource" entries are keyed by URI, "template" ones by URI template. */
  area: "resource" | "template";
  key: string;
  kind: EntryKind;
  /** Both sides read it and the contents (or the read's error) differ. */
  contentDiffers: boolean;
}

/** One kind of difference and the keys that have it. */
type Group = [EntryKind, string[]];

/** Resources first (added, removed, changed, then contents only), then templates; by key within. */
export function compareEntries(diff: CompareResponse["diff"]): CompareEntry[] {
  const reads = new Set(diff.reads.map((r) => r.uri));
  const { resources: res, templates: tpl } = diff;
  const resources: Group[] = [
    ["added", res.added.map((r) => r.uri)],
    ["removed", res.removed.map((r) => r.uri)],
    ["changed", res.changed.map((c) => c.key)],
  ];
  const listed = new Set(resources.flatMap(([, keys]) => keys));
  resources.push(["content", [...reads].filter((uri) => !listed.has(uri))]);
  const templates: Group[] = [
    ["added", tpl.added.map((t) => t.uriTemplate)],
    ["removed", tpl.removed.map((t) => t.uriTemplate)],
    ["changed", tpl.changed.map((c) => c.key)],
  ];
  const entries = (area: CompareEntry["area"], groups: Group[]) =>
    groups.flatMap(([kind, keys]) =>
      [...keys]
        .sort()
        .map((key) => ({ area, key, kind, contentDiffers: area === "resource" && reads.has(key) })),
    );
  return [...entries("resource", resources), ...entries("template", templates)];
}

/** The entry's read diff, when both sides read it and they differ. */
export function readOf(diff: CompareResponse["diff"], uri: string): ReadDiff | undefined {
  return diff.reads.find((r) => r.uri === uri);
}

/**
 * Mismatches (expected = before, actual = after) as JSON diff rows, their paths relative to
 * `base` (`/resources/x:~1~1a/mimeType` under `/resources/x:~1~1a` → `/mimeType`).
 */
export function mismatchRows(fields: readonly Mismatch[], base = ""): JsonDiffResult {
  const rel = (p: string) => (base && p.startsWith(base) ? p.slice(base.length) : p);
  const changes = fields.map((m): JsonChange => {
    const path = rel(m.path);
    if (m.problem === "missing") return { kind: "removed", path, before: m.expected };
    if (m.problem === "unexpected") return { kind: "added", path, after: m.actual };
    return { kind: "changed", path, before: m.expected, after: m.actual };
  });
  return { changes, truncated: false };
}
