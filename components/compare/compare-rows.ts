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

/** Resources first (added, removed, changed, then contents only), then templates; by key within. */
export function compareEntries(diff: CompareResponse["diff"]): CompareEntry[] {
  const reads = new Set(diff.reads.map((r) => r.uri));
  const listed = new Set<string>();
  const out: CompareEntry[] = [];
  const push = (area: CompareEntry["area"], kind: EntryKind, keys: string[]) => {
    for (const key of [...keys].sort()) {
      if (area === "resource") listed.add(key);
      out.push({ area, key, kind, contentDiffers: area === "resource" && reads.has(key) });
    }
  };
  push(
    "resource",
    "added",
    diff.resources.added.map((r) => r.uri),
  );
  push(
    "resource",
    "removed",
    diff.resources.removed.map((r) => r.uri),
  );
  push(
    "resource",
    "changed",
    diff.resources.changed.map((c) => c.key),
  );
  push(
    "resource",
    "content",
    [...reads].filter((uri) => !listed.has(uri)),
  );
  push(
    "template",
    "added",
    diff.templates.added.map((t) => t.uriTemplate),
  );
  push(
    "template",
    "removed",
    diff.templates.removed.map((t) => t.uriTemplate),
  );
  push(
    "template",
    "changed",
    diff.templates.changed.map((c) => c.key),
  );
  return out;
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
