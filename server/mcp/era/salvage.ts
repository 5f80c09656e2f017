import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import * as z from "zod/v4";
import {
  BlobResourceContentsSchema,
  CompleteResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
  ResourceSchema,
  ResourceTemplateSchema,
  TextResourceContentsSchema,
  ToolSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { clip, MAX_FIELD_CHARS } from "@/lib/limits/bounds";
import { missingField } from "@/lib/limits/item-shape";
import { hasHints, hintsOf } from "@/lib/resources/cache-hints";
import type { CacheHints } from "@/lib/api/contract";

/**
 * Issue 32: checked whole by the SDK, a `resources/list` page of 5 MB of `{}` items built about
 * two zod issues per item (3.3 M) and kept them in one error: 31 s frozen, RSS 2.6 GB; 14 MB killed
 * the app. So a result is taken as it came (`ANY_RESULT`), its envelope checked with the SDK's
 * schema over an empty list, then its items one by one, in slices that let other requests through:
 * a cheap test of the required fields first (`{}` costs nanoseconds, not zod's 7 µs), the SDK's
 * schema for what passes it, and of what fails only a count and the first reason are kept.
 */

/** What a request is answered with before salvage: any object (the era clients check only that). */
export const ANY_RESULT = z.looseObject({});

/** Items checked between two looks at the clock; a turn of the event loop at most every SLICE_MS. */
const CHECK_EVERY = 4_096;
const SLICE_MS = 8;

interface SafeParser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
}

/** One kind of item a result lists: how it is named, its required fields, its SDK schema. */
export interface ItemKind {
  /** Plural, as the warning says it: "resources", "contents". */
  noun: string;
  /** Fields that must be strings (the cheap gate before the schema). */
  strings: readonly string[];
  schema: SafeParser;
}

export const RESOURCE_ITEM: ItemKind = {
  noun: "resources",
  strings: ["uri", "name"],
  schema: ResourceSchema,
};
export const TEMPLATE_ITEM: ItemKind = {
  noun: "resource templates",
  strings: ["uriTemplate", "name"],
  schema: ResourceTemplateSchema,
};
export const TOOL_ITEM: ItemKind = { noun: "tools", strings: ["name"], schema: ToolSchema };
export const CONTENT_ITEM: ItemKind = {
  noun: "contents",
  strings: ["uri"],
  schema: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
};
export const VALUE_ITEM: ItemKind = { noun: "completion values", strings: [], schema: z.string() };

/** Why `item` is not one of `kind`, or null when it is (then `ok` holds the parsed item). */
function reasonOf(item: unknown, kind: ItemKind, ok: { value?: unknown }): string | null {
  const missing = kind.strings.length > 0 ? missingField(item, kind.strings) : null;
  if (missing !== null) return missing;
  const parsed = kind.schema.safeParse(item);
  if (parsed.success) {
    ok.value = parsed.data;
    return null;
  }
  const issue = parsed.error.issues[0];
  const at = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  return clip(`${at}${issue?.message ?? "invalid"}`, MAX_FIELD_CHARS);
}

/**
 * An answer with nothing valid left, shaped as a zod failure (`issues`) so the session's one
 * schema-failure sentence (session-errors.ts) and the 502 mapping know it.
 */
export class InvalidAnswerError extends Error {
  readonly issues: { path: string[]; message: string }[];
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.issues = [{ path: [field], message }];
  }
}

export interface Salvaged<T> {
  items: T[];
  /** One sentence for the items left out, when any were. */
  warning?: string;
}

/**
 * The valid items of `raw` (an array: the envelope check saw to it), in order, and one sentence
 * for the rest: "N of M items were not valid resources (first: items[3]: missing uri) and were
 * left out". `max`: items past it are not looked at, and the sentence says so.
 */
export async function salvageItems<T>(raw: unknown[], kind: ItemKind, max = Infinity): Promise<Salvaged<T>> {
  const items: T[] = [];
  let bad = 0;
  let first: string | null = null;
  let sliceStart = performance.now();
  const end = Math.min(raw.length, max);
  for (let i = 0; i < end; i++) {
    const ok: { value?: unknown } = {};
    const reason = reasonOf(raw[i], kind, ok);
    if (reason === null) items.push(ok.value as T);
    else {
      bad++;
      first ??= `items[${i}]: ${reason}`;
    }
    if (i % CHECK_EVERY === CHECK_EVERY - 1 && performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  const parts: string[] = [];
  const n = (x: number) => x.toLocaleString("en-US");
  if (bad > 0)
    parts.push(
      `${n(bad)} of ${n(end)} items were not valid ${kind.noun} (first: ${first}) and were left out`,
    );
  if (raw.length > end)
    parts.push(`${n(raw.length - end)} ${kind.noun} past the first ${n(end)} were left out`);
  return parts.length ? { items, warning: `${parts.join("; ")}.` } : { items };
}

/**
 * `result[field]` salvaged, after the rest of the result passed the SDK's `schema` with that
 * field empty (a field that is not an array fails it as the SDK's own check would: one issue).
 */
export async function salvageResult<T>(
  result: Record<string, unknown>,
  field: string,
  schema: SafeParser,
  kind: ItemKind,
  max?: number,
): Promise<Salvaged<T> & { rest: Record<string, unknown> }> {
  const raw = result[field];
  const skeleton = Array.isArray(raw) ? { ...result, [field]: [] } : result;
  const checked = schema.safeParse(skeleton);
  if (!checked.success) throw checked.error;
  const salvaged = await salvageItems<T>(raw as unknown[], kind, max);
  return { ...salvaged, rest: checked.data as Record<string, unknown> };
}

/** A page of a list (`field` names its items) as the session takes it: valid items, one warning. */
export async function pageOf<T>(
  result: Record<string, unknown>,
  field: "resources" | "resourceTemplates" | "tools",
): Promise<{ items: T[]; nextCursor?: string; hints?: CacheHints; warnings?: string[] }> {
  const kind = { resources: RESOURCE_ITEM, resourceTemplates: TEMPLATE_ITEM, tools: TOOL_ITEM }[field];
  const schema = {
    resources: ListResourcesResultSchema,
    resourceTemplates: ListResourceTemplatesResultSchema,
    tools: ListToolsResultSchema,
  }[field];
  const { items, warning, rest } = await salvageResult<T>(result, field, schema, kind);
  const nextCursor = typeof rest.nextCursor === "string" ? rest.nextCursor : undefined;
  const hints = hintsOf(result);
  return {
    items,
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    ...(hasHints(hints) ? { hints } : {}),
    ...(warning ? { warnings: [warning] } : {}),
  };
}

/**
 * A read's result with its valid contents; the others are told in `warnings`. Its cache hints
 * are the checked ones (lib/resources/cache-hints.ts), never the values as they came.
 */
export async function readOf<T extends Record<string, unknown>>(
  result: Record<string, unknown>,
): Promise<T & { warnings?: string[] }> {
  const { items, warning, rest } = await salvageResult(
    result,
    "contents",
    ReadResourceResultSchema,
    CONTENT_ITEM,
  );
  // A read with nothing valid to show stays what it was: an answer that breaks the schema (502).
  if (items.length === 0 && warning) throw new InvalidAnswerError("contents", warning);
  delete rest.ttlMs;
  delete rest.cacheScope;
  return {
    ...rest,
    contents: items,
    ...hintsOf(result),
    ...(warning ? { warnings: [warning] } : {}),
  } as unknown as T & {
    warnings?: string[];
  };
}

/** The spec's cap on one completion answer (completion/complete: "Must not exceed 100 items"). */
export const MAX_COMPLETION_VALUES = 100;

/** A completion's values that are strings, at most 100; the rest told in `warnings`. */
export async function completionOf(
  result: Record<string, unknown>,
): Promise<{ values: string[]; total?: number; hasMore?: boolean; warnings?: string[] }> {
  const completion = result.completion as Record<string, unknown> | undefined;
  const raw = completion?.values;
  const skeleton =
    completion && Array.isArray(raw) ? { ...result, completion: { ...completion, values: [] } } : result;
  const checked = COMPLETE_ENVELOPE.safeParse(skeleton);
  if (!checked.success) throw checked.error;
  const { total, hasMore } = checked.data.completion;
  const { items, warning } = await salvageItems<string>(raw as unknown[], VALUE_ITEM, MAX_COMPLETION_VALUES);
  return {
    values: items,
    ...(typeof total === "number" ? { total } : {}),
    ...(typeof hasMore === "boolean" ? { hasMore } : {}),
    ...(warning ? { warnings: [warning] } : {}),
  };
}

/** A completion result's envelope: the SDK's, but values are salvaged (and capped) by us. */
const COMPLETE_ENVELOPE = z.looseObject({
  completion: CompleteResultSchema.shape.completion.extend({ values: z.array(z.unknown()) }),
});
