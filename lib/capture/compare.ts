/**
 * What changed between two server states (issue 25): the server card, resources and templates
 * by key, and the contents of every URI both sides read. Paths are JSON Pointers, so the recorded
 * checks' matchers (`ignore`, `regex`, `type`, …, with `*` for any one token) silence the fields
 * that change on their own:
 *
 *   /server/version, /server/capabilities/resources/subscribe
 *   /resources/{uri}/{field}          e.g. /resources/*\/annotations/lastModified
 *   /templates/{uriTemplate}/{field}
 *   /reads/{uri}/contents/{i}/{field} and, for JSON text, /reads/{uri}/contents/{i}/text/{pointer}
 *   /reads/{uri}/error                a read that failed on one side or both
 *
 * A URI is one token (`/` escaped as `~1`). Work is linear in the listings: keyed maps, and a
 * content diff only where two reads differ. Texts get jsdiff's bounded line diff (lib/json/diff.ts),
 * JSON texts a structural diff, blobs their sizes and a fingerprint. Pure and isomorphic.
 */
import type { ReadResourceResult, Resource, ResourceTemplate } from "../api/contract";
import { compareValues, findMatcher, type Mismatch } from "../check/compare";
import type { Matcher } from "../check/schema";
import { base64ByteLength } from "../content/base64";
import { diffText, type LineDiffResult } from "../json/diff";
import { joinPointer } from "../json/json-pointer";
import { byKey, type ReadOutcome, type ServerState } from "./state";

export interface EntityChange<T> {
  key: string;
  before: T;
  after: T;
  fields: Mismatch[];
}

export interface EntityDiff<T> {
  added: T[];
  removed: T[];
  changed: EntityChange<T>[];
  unchanged: number;
}

type ContentItem = ReadResourceResult["contents"][number];

export interface BlobFacts {
  bytes: number;
  /** FNV-1a of the base64 text, 8 hex digits: tells two blobs apart at a glance, not a digest. */
  fingerprint: string;
  mimeType?: string;
}

export type ItemDiff =
  | { index: number; kind: "added"; after: ContentItem }
  | { index: number; kind: "removed"; before: ContentItem }
  /** A JSON text: the structural changes under …/text (matchers applied). */
  | { index: number; kind: "json"; path: string; changes: Mismatch[] }
  | { index: number; kind: "text"; path: string; lines: LineDiffResult }
  | { index: number; kind: "binary"; path: string; before: BlobFacts; after: BlobFacts }
  /** Fields beside the body (uri, mimeType, _meta, text ↔ blob) that differ. */
  | { index: number; kind: "fields"; fields: Mismatch[] };

export interface ReadDiff {
  uri: string;
  /** Set when either side's read failed: the errors as they were, or the one side's result. */
  error?: { before?: string; after?: string };
  items: ItemDiff[];
}

export interface StateDiff {
  equal: boolean;
  server: Mismatch[];
  resources: EntityDiff<Resource>;
  templates: EntityDiff<ResourceTemplate>;
  /** URIs read on both sides whose outcome differs. */
  reads: ReadDiff[];
  /** URIs only one side read: not compared, and said so. */
  readOnly: { before: string[]; after: string[] };
}

export interface CompareOptions {
  /** Matchers by JSON Pointer (the check file's); a bare list of paths means `ignore` each. */
  matchers?: Record<string, Matcher>;
}

export function ignoreMatchers(paths: readonly string[]): Record<string, Matcher> {
  const out: Record<string, Matcher> = {};
  for (const p of paths) out[p] = { type: "ignore" };
  return out;
}

export function compareStates(
  before: ServerState,
  after: ServerState,
  options: CompareOptions = {},
): StateDiff {
  const matchers = options.matchers ?? {};
  const server = compareValues(before.server, after.server, matchers, "/server");
  const resources = compareEntities(before.resources, after.resources, (r) => r.uri, "/resources", matchers);
  const templates = compareEntities(
    before.templates,
    after.templates,
    (t) => t.uriTemplate,
    "/templates",
    matchers,
  );
  const { reads, readOnly } = compareReads(before.reads, after.reads, matchers);
  const equal =
    server.length === 0 &&
    [resources, templates].every((d) => d.added.length + d.removed.length + d.changed.length === 0) &&
    reads.length === 0;
  return { equal, server, resources, templates, reads, readOnly };
}

function ignored(matchers: Record<string, Matcher>, path: string): boolean {
  return findMatcher(matchers, path)?.type === "ignore";
}

function compareEntities<T extends object>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  base: string,
  matchers: Record<string, Matcher>,
): EntityDiff<T> {
  const a = byKey(before, keyOf);
  const b = byKey(after, keyOf);
  const diff: EntityDiff<T> = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [key, item] of a) {
    const path = joinPointer(base, key);
    const other = b.get(key);
    if (other === undefined) {
      if (!ignored(matchers, path)) diff.removed.push(item);
      continue;
    }
    const fields = compareValues(item, other, matchers, path);
    if (fields.length === 0) diff.unchanged += 1;
    else diff.changed.push({ key, before: item, after: other, fields });
  }
  for (const [key, item] of b)
    if (!a.has(key) && !ignored(matchers, joinPointer(base, key))) diff.added.push(item);
  return diff;
}

function compareReads(
  before: readonly ReadOutcome[],
  after: readonly ReadOutcome[],
  matchers: Record<string, Matcher>,
): { reads: ReadDiff[]; readOnly: StateDiff["readOnly"] } {
  const a = byKey(before, (r) => r.uri);
  const b = byKey(after, (r) => r.uri);
  const reads: ReadDiff[] = [];
  const readOnly: StateDiff["readOnly"] = { before: [], after: [] };
  for (const [uri, one] of a) {
    const other = b.get(uri);
    if (other === undefined) {
      readOnly.before.push(uri);
      continue;
    }
    const base = joinPointer("/reads", uri);
    if (ignored(matchers, base)) continue; // `--ignore /reads/{uri}`: a read that changes on its own
    const d = compareRead(uri, base, one, other, matchers);
    if (d) reads.push(d);
  }
  for (const uri of b.keys()) if (!a.has(uri)) readOnly.after.push(uri);
  return { reads, readOnly };
}

function compareRead(
  uri: string,
  base: string,
  one: ReadOutcome,
  other: ReadOutcome,
  matchers: Record<string, Matcher>,
): ReadDiff | null {
  if ("error" in one || "error" in other) {
    const e1 = "error" in one ? one.error.message : undefined;
    const e2 = "error" in other ? other.error.message : undefined;
    if (e1 === e2 || ignored(matchers, `${base}/error`)) return null;
    return {
      uri,
      error: { ...(e1 !== undefined ? { before: e1 } : {}), ...(e2 !== undefined ? { after: e2 } : {}) },
      items: [],
    };
  }
  const items: ItemDiff[] = [];
  const x = one.result.contents;
  const y = other.result.contents;
  const contents = `${base}/contents`;
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const path = joinPointer(contents, i);
    const p = x[i];
    const q = y[i];
    if (ignored(matchers, path)) continue;
    if (p === undefined) items.push({ index: i, kind: "added", after: q! });
    else if (q === undefined) items.push({ index: i, kind: "removed", before: p });
    else items.push(...compareItem(i, path, p, q, matchers));
  }
  return items.length > 0 ? { uri, items } : null;
}

function compareItem(
  index: number,
  path: string,
  p: ContentItem,
  q: ContentItem,
  matchers: Record<string, Matcher>,
): ItemDiff[] {
  const out: ItemDiff[] = [];
  const body = (c: ContentItem) => ("text" in c ? "text" : "blob");
  // Everything but the body compares as fields; the body gets the diff that suits it.
  const rest = (c: ContentItem) => {
    const { text: _t, blob: _b, ...others } = c as Record<string, unknown>;
    return { ...others, body: body(c) };
  };
  const fields = compareValues(rest(p), rest(q), matchers, path);
  if (fields.length > 0) out.push({ index, kind: "fields", fields });
  if (body(p) !== body(q)) return out; // text ↔ blob: the fields say so; the bodies do not compare
  if ("text" in p && "text" in q) {
    const at = `${path}/text`;
    if (p.text === q.text || ignored(matchers, at)) return out;
    // A regex, type or json matcher on the text judges it (a check's "the text matches /…/").
    const judge = findMatcher(matchers, at);
    if (judge !== undefined && judge.type !== "exact") {
      const judged = compareValues(p.text, q.text, matchers, at);
      if (judged.length > 0) out.push({ index, kind: "fields", fields: judged });
      return out;
    }
    const json = jsonChanges(p.text, q.text, at, matchers);
    if (json) {
      if (json.length > 0) out.push({ index, kind: "json", path: at, changes: json });
    } else out.push({ index, kind: "text", path: at, lines: diffText(p.text, q.text) });
    return out;
  }
  const pb = (p as { blob: string }).blob;
  const qb = (q as { blob: string }).blob;
  const at = `${path}/blob`;
  if (pb !== qb && !ignored(matchers, at))
    out.push({ index, kind: "binary", path: at, before: blobFacts(p, pb), after: blobFacts(q, qb) });
  return out;
}

/** Both texts parse as JSON objects or arrays: their structural changes (possibly none). */
function jsonChanges(
  a: string,
  b: string,
  path: string,
  matchers: Record<string, Matcher>,
): Mismatch[] | null {
  const parse = (s: string): unknown => {
    const t = s.trimStart();
    if (t[0] !== "{" && t[0] !== "[") return undefined;
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return undefined;
    }
  };
  const x = parse(a);
  const y = x === undefined ? undefined : parse(b);
  if (x === undefined || y === undefined) return null;
  return compareValues(x, y, matchers, path);
}

function blobFacts(item: ContentItem, blob: string): BlobFacts {
  return {
    bytes: base64ByteLength(blob),
    fingerprint: fnv1a(blob),
    ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}),
  };
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Added + removed + changed across resources, templates and reads, plus server fields. */
export function changeCount(d: StateDiff): number {
  const e = (x: EntityDiff<unknown>) => x.added.length + x.removed.length + x.changed.length;
  return d.server.length + e(d.resources) + e(d.templates) + d.reads.length;
}
