/**
 * The shape of what changed between two server states (compare.ts computes it, bound-values.ts
 * and compare-item.ts build its parts): types only, so those helpers need not import compare.ts.
 */
import type { ReadResourceResult, Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { Mismatch } from "../check/compare";
import type { LineDiffResult } from "../json/diff";
import type { CompareSkipped } from "./compare-budget";

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

export type ContentItem = ReadResourceResult["contents"][number];

export interface BlobFacts {
  bytes: number;
  /** FNV-1a of the base64 text, 8 hex digits: tells two blobs apart at a glance, not a digest. */
  fingerprint: string;
  mimeType?: string;
}

export type ItemDiff =
  | { index: number; kind: "added"; after: ContentItem }
  | { index: number; kind: "removed"; before: ContentItem }
  /** A JSON text: the structural changes under …/text (matchers applied); `truncated`: more exist. */
  | { index: number; kind: "json"; path: string; changes: Mismatch[]; truncated?: true }
  | { index: number; kind: "text"; path: string; lines: LineDiffResult }
  | { index: number; kind: "binary"; path: string; before: BlobFacts; after: BlobFacts }
  /** Fields beside the body (uri, mimeType, _meta, text ↔ blob) that differ. */
  | { index: number; kind: "fields"; fields: Mismatch[] };

export interface ReadDiff {
  uri: string;
  /** Set when either side's read failed: the errors as they were, or the one side's result. */
  error?: { before?: string; after?: string };
  items: ItemDiff[];
  /** Content items past the budget's maxItemsPerRead, not compared. */
  itemsOmitted?: number;
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
  /** What the budget left uncompared (compare-budget.ts); `equal` is false when any of it could differ. */
  skipped: CompareSkipped;
}
