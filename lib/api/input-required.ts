/**
 * A 2026-07-28 read answered `resultType: "input_required"` (spec: basic/patterns/mrtr): the
 * server's `inputRequests` (keyed; each an `elicitation/create`, `sampling/createMessage` or
 * `roots/list` request object) turned into fields to fill, and the filled values into the
 * `inputResponses` the read is retried with (same keys, each a bare result: an ElicitResult
 * `{action, content?}`), beside the echoed `requestState`. The page's form and the CLI's prompt
 * and `--input name=value` share it, so both coerce and refuse the same way.
 */
import { z } from "zod";
import { clip, MAX_FIELD_CHARS, MAX_REQUEST_STATE_CHARS, MAX_TEXT_CHARS } from "../limits/bounds";

/** The most input requests (and fields of one) shown and answered: real servers ask for a few. */
const MAX_ASKS = 20;
const MAX_FIELDS = 50;

/** POST …/read: the read again, with the answers and the state the server asked to be echoed. */
export const readAnswerBodySchema = z
  .object({
    uri: z.string().min(1).max(65_536),
    inputResponses: z
      .record(z.string().max(MAX_FIELD_CHARS), z.record(z.string(), z.unknown()))
      .refine((r) => Object.keys(r).length <= MAX_ASKS, `at most ${MAX_ASKS} input responses`),
    requestState: z.string().max(MAX_REQUEST_STATE_CHARS).optional(),
  })
  .strict();
export type ReadAnswerBody = z.infer<typeof readAnswerBodySchema>;
/** What a retried read sends beside its URI. */
export type ReadAnswer = Omit<ReadAnswerBody, "uri">;

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum";

export interface InputField {
  name: string;
  label: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  /** An enum's choices: the value sent and what the user reads. */
  options?: { value: string; label: string }[];
  default?: string | number | boolean;
  /** A string's `format` (email, uri, date, date-time), shown as a hint. */
  format?: string;
}

export interface InputAsk {
  key: string;
  method: string;
  message?: string;
  /** A URL-mode elicitation's address: opened by the user, then accepted. */
  url?: string;
  fields: InputField[];
  /** Fields of a type this form cannot fill (named, so the user knows what is missing). */
  skipped: string[];
  /** Why the inspector cannot answer this request at all (sampling, an unknown method). */
  unsupported?: string;
  /** The answer given without asking (roots/list: the inspector exposes no roots). */
  automatic?: Record<string, unknown>;
}

const text = (v: unknown, max = MAX_TEXT_CHARS) => (typeof v === "string" ? clip(v, max) : undefined);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function optionsOf(p: Record<string, unknown>): InputField["options"] {
  if (Array.isArray(p.oneOf))
    return p.oneOf
      .filter(isObject)
      .flatMap((o) =>
        typeof o.const === "string"
          ? [{ value: o.const, label: text(o.title, MAX_FIELD_CHARS) ?? o.const }]
          : [],
      );
  if (!Array.isArray(p.enum)) return undefined;
  const names = Array.isArray(p.enumNames) ? p.enumNames : [];
  return p.enum.flatMap((v, i) =>
    typeof v === "string" ? [{ value: v, label: text(names[i], MAX_FIELD_CHARS) ?? v }] : [],
  );
}

/** One property of a requestedSchema as a field, or null when its type is not one a form fills. */
export function fieldOf(name: string, schema: unknown, required: boolean): InputField | null {
  if (!isObject(schema)) return null;
  const options = schema.type === "string" ? optionsOf(schema) : undefined;
  const kind: FieldKind | null = options?.length
    ? "enum"
    : schema.type === "string" ||
        schema.type === "number" ||
        schema.type === "integer" ||
        schema.type === "boolean"
      ? schema.type
      : null;
  if (kind === null) return null;
  const d = schema.default;
  return {
    name: clip(name, MAX_FIELD_CHARS),
    label: text(schema.title, MAX_FIELD_CHARS) ?? clip(name, MAX_FIELD_CHARS),
    ...(text(schema.description) ? { description: text(schema.description)! } : {}),
    kind,
    required,
    ...(kind === "enum" ? { options: options! } : {}),
    ...(typeof d === "string" || typeof d === "number" || typeof d === "boolean" ? { default: d } : {}),
    ...(typeof schema.format === "string" ? { format: clip(schema.format, 40) } : {}),
  };
}

function askOf(key: string, request: unknown): InputAsk {
  const method =
    isObject(request) && typeof request.method === "string" ? clip(request.method, MAX_FIELD_CHARS) : "";
  const params = isObject(request) && isObject(request.params) ? request.params : {};
  const base = { key: clip(key, MAX_FIELD_CHARS), method, fields: [], skipped: [] };
  if (method === "roots/list") return { ...base, automatic: { roots: [] } };
  if (method !== "elicitation/create")
    return {
      ...base,
      unsupported:
        method === "sampling/createMessage"
          ? "The inspector does not sample a model: this request is left unanswered."
          : `The inspector cannot answer ${method ? JSON.stringify(method) : "a request without a method"}.`,
    };
  const message = text(params.message);
  if (params.mode === "url")
    return {
      ...base,
      ...(message ? { message } : {}),
      ...(text(params.url) ? { url: text(params.url)! } : {}),
    };
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties)
    ? Object.entries(schema.properties).slice(0, MAX_FIELDS)
    : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: InputField[] = [];
  const skipped: string[] = [];
  for (const [name, p] of properties) {
    const field = fieldOf(name, p, required.has(name));
    if (field) fields.push(field);
    else skipped.push(clip(name, MAX_FIELD_CHARS));
  }
  return { ...base, ...(message ? { message } : {}), fields, skipped };
}

/** The input requests of an input_required read, in the server's order, at most 20. */
export function asksOf(inputRequests: Record<string, unknown> | undefined): InputAsk[] {
  return Object.entries(inputRequests ?? {})
    .slice(0, MAX_ASKS)
    .map(([key, request]) => askOf(key, request));
}

/** What the user typed or ticked, per input request key, then per field name. */
export type InputValues = Record<string, Record<string, string | boolean | undefined>>;

const TRUE = new Set(["true", "yes", "y", "1", "on"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);

/** One field's value as the schema wants it, or the sentence saying why it is not one. */
function coerce(field: InputField, raw: string | boolean): { value: unknown } | { error: string } {
  if (field.kind === "boolean") {
    if (typeof raw === "boolean") return { value: raw };
    const word = raw.trim().toLowerCase();
    if (TRUE.has(word)) return { value: true };
    if (FALSE.has(word)) return { value: false };
    return { error: `${field.label} must be true or false` };
  }
  const s = String(raw);
  if (field.kind === "number" || field.kind === "integer") {
    const n = Number(s.trim());
    if (s.trim() === "" || !Number.isFinite(n)) return { error: `${field.label} must be a number` };
    if (field.kind === "integer" && !Number.isInteger(n))
      return { error: `${field.label} must be a whole number` };
    return { value: n };
  }
  if (field.kind === "enum" && !field.options!.some((o) => o.value === s))
    return { error: `${field.label} must be one of ${field.options!.map((o) => o.value).join(", ")}` };
  return { value: s };
}

const isBlank = (v: string | boolean | undefined) => v === undefined || v === "";

/**
 * The `inputResponses` for `asks` filled with `values` (accepted), or `declined` for every
 * elicitation; `errors` holds one sentence per field that is missing or not of its type.
 */
export function responsesOf(
  asks: InputAsk[],
  values: InputValues,
  action: "accept" | "decline" = "accept",
): { inputResponses: Record<string, Record<string, unknown>>; errors: string[] } {
  const inputResponses: Record<string, Record<string, unknown>> = {};
  const errors: string[] = [];
  for (const ask of asks) {
    if (ask.automatic) inputResponses[ask.key] = ask.automatic;
    if (ask.unsupported || ask.automatic) continue;
    if (action === "decline") {
      inputResponses[ask.key] = { action: "decline" };
      continue;
    }
    const content: Record<string, unknown> = {};
    for (const field of ask.fields) {
      const raw = values[ask.key]?.[field.name];
      if (isBlank(raw)) {
        if (field.required && field.kind !== "boolean") errors.push(`${field.label} is required`);
        else if (field.kind === "boolean" && field.required) content[field.name] = false;
        continue;
      }
      const out = coerce(field, raw);
      if ("error" in out) errors.push(out.error);
      else content[field.name] = out.value;
    }
    inputResponses[ask.key] = ask.fields.length ? { action: "accept", content } : { action: "accept" };
  }
  return { inputResponses, errors };
}

/** "name (text, required), age (whole number)": what a read needs, for the CLI's sentence. */
export function describeAsks(asks: InputAsk[]): string {
  const kinds: Record<FieldKind, string> = {
    string: "text",
    number: "number",
    integer: "whole number",
    boolean: "true/false",
    enum: "one of",
  };
  return asks
    .flatMap((a) =>
      a.fields.map((f) => {
        const kind = f.kind === "enum" ? `one of ${f.options!.map((o) => o.value).join("|")}` : kinds[f.kind];
        return `${fieldPath(asks, a, f)} (${kind}${f.required ? ", required" : ""})`;
      }),
    )
    .join(", ");
}

/** A field's name as `--input` takes it: the bare name, or `key.name` when two requests share it. */
export function fieldPath(asks: InputAsk[], ask: InputAsk, field: InputField): string {
  const shared = asks.some((a) => a !== ask && a.fields.some((f) => f.name === field.name));
  return shared ? `${ask.key}.${field.name}` : field.name;
}

/** `--input name=value` pairs as InputValues (a bare name finds its one request); unknown names refused. */
export function valuesOf(asks: InputAsk[], pairs: string[]): { values: InputValues; errors: string[] } {
  const values: InputValues = {};
  const errors: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const target = asks
      .flatMap((a) => a.fields.map((f) => ({ a, f })))
      .find(({ a, f }) => fieldPath(asks, a, f) === name);
    if (eq < 0) errors.push(`--input ${name} needs a value: --input ${name}=VALUE`);
    else if (!target) errors.push(`--input ${name}: the server did not ask for "${name}"`);
    else (values[target.a.key] ??= {})[target.f.name] = pair.slice(eq + 1);
  }
  return { values, errors };
}
