/**
 * The capture file (issue 25): one server's whole state as it was heard, to attach to a bug
 * report, open offline, or compare with another server. Versioned (`version`), validated by this
 * zod schema (published as a JSON Schema for other tools) and gzip-compressed on disk.
 *
 * Decisions:
 * - A capture holds what was received, page by page, so a capture of a server whose pagination is
 *   broken shows the same breakage offline. `stateOf` joins the pages for a comparison.
 * - The launch keeps no secret value: environment values and secret-looking headers are `${NAME}`
 *   references (the writer's job; `launchSchema` only admits strings, and the writer is tested
 *   against the secret cases).
 * - A reader takes every version up to its own and refuses a newer one by name, so an old build
 *   says "made by a newer inspector" instead of showing half a capture.
 * - Compression is the platform's `CompressionStream("gzip")`: the page (a dropped file) and Node
 *   (the CLI, `--open`) read the same bytes with no library.
 */
import { z } from "zod";
import { clip, MAX_LISTED_ITEMS } from "../limits/bounds";
import { HOST_IDS, type HostId } from "../hosts/types";
import { problemSchema, type Problem } from "../lint/problem";
import { PROBLEM_CODES, type ProblemCode } from "../lint/rules";
import type { ReadOutcome, ServerState } from "./state";

import { CAPTURE_FORMAT, CAPTURE_VERSION } from "./names";

export { CAPTURE_FORMAT, CAPTURE_SUFFIX, CAPTURE_VERSION } from "./names";

const json = z.record(z.string(), z.unknown());

/**
 * The most entries any one array of a capture holds (a listing's pages joined count as one): the
 * live walk's own cap (MAX_LISTED_ITEMS), far past what a writer produces.
 */
export const MAX_CAPTURE_ITEMS = MAX_LISTED_ITEMS;

const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An array of JSON objects, checked by a loop that stops at the first that is not one. zod's own
 * array of records copied each of the 6.7 M `{}` items of a 22 KB capture (10.8 s, 955 MB), and
 * one issue per bad item would be millions of them (issue 32). Whether the objects are valid
 * resources is the replaying client's salvage (server/mcp/era/salvage.ts), as for a live server.
 */
const objects = z
  .custom<Record<string, unknown>[]>(
    (v) => Array.isArray(v) && v.length <= MAX_CAPTURE_ITEMS && v.every(isObject),
    `expected an array of at most ${MAX_CAPTURE_ITEMS.toLocaleString("en-US")} objects`,
  )
  .meta({ type: "array", items: { type: "object" }, maxItems: MAX_CAPTURE_ITEMS });

const launchSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("stdio"),
    program: z.string(),
    args: z.array(z.string()),
    /** Names → `${NAME}` references (never the values the server ran with). */
    env: z.record(z.string(), z.string()),
    cwd: z.string().optional(),
  }),
  z.object({
    kind: z.literal("http"),
    url: z.string(),
    transport: z.string(),
    /** Names → values, a secret-looking header's value as a `${NAME}` reference. */
    headers: z.record(z.string(), z.string()),
  }),
]);

const serverSchema = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  version: z.string().optional(),
  protocolVersion: z.string().optional(),
  /** The protocol era the session ran in (`2025-11-25`, `2026-07-28`, …). */
  era: z.string().optional(),
  capabilities: json,
  instructions: z.string().optional(),
});

const pageSchema = z.object({
  /** The cursor this page was asked for (absent for the first). */
  cursor: z.string().optional(),
  items: objects,
  nextCursor: z.string().optional(),
  /** The page's 2026-07-28 cache hints as the inspector took them (absent before, and in the legacy era). */
  ttlMs: z.number().optional(),
  cacheScope: z.string().max(64).optional(),
});

const listingSchema = z.object({
  pages: z.array(pageSchema),
  /** Why the walk stopped before the end, when it did. */
  error: z.string().optional(),
});

const readSchema = z
  .object({
    uri: z.string(),
    at: z.string(),
    result: z.object({ contents: objects }).passthrough().optional(),
    error: z.object({ code: z.number().optional(), message: z.string() }).optional(),
  })

  .refine((r) => (r.result === undefined) !== (r.error === undefined), {
    message: "a read holds either a result or an error",
  });

/**
 * A problem as a capture holds it: codes, severities and host names are open strings, so a file
 * from a build that knows more rules or hosts still opens (issue 33; docs/CAPTURE.md: added
 * fields and values need no version bump). What this build does not know is left out, said once.
 */
const capturedProblemSchema = problemSchema.extend({
  code: z.string(),
  severity: z.string(),
  hosts: z.array(z.string()).optional(),
});

const skippedSchema = z.object({ uri: z.string(), reason: z.string() });

export const captureSchema = z.object({
  format: z.literal(CAPTURE_FORMAT),
  version: z.number().int().min(1),
  capturedAt: z.string(),
  /** The inspector version that wrote it. */
  inspector: z.string(),
  name: z.string(),
  launch: launchSchema,
  server: serverSchema,
  resources: listingSchema,
  templates: listingSchema,
  reads: z.array(readSchema),
  /** "Capture all": the byte budget, what it used, and the listed URIs it left unread and why. */
  budget: z.object({
    all: z.boolean(),
    maxBytes: z.number().int().min(0),
    usedBytes: z.number().int().min(0),
    skipped: z.array(skippedSchema),
  }),
  traffic: z.object({ entries: objects, dropped: z.number().int().min(0) }),
  stderr: z.object({ lines: z.array(z.string()), dropped: z.number().int().min(0) }),
  problems: z.array(capturedProblemSchema),
});

export type Capture = Omit<z.infer<typeof captureSchema>, "problems"> & {
  problems: Problem[];
  /** What this build left out of a newer file (unknown rules), said once where it is opened. */
  readerNotes?: string[];
};

const KNOWN_CODES = new Set<string>(PROBLEM_CODES);
const KNOWN_HOSTS = new Set<string>(HOST_IDS);
const SEVERITIES = new Set(["error", "warning", "info"]);

/** Problems of rules this build knows, hosts it knows; the rest counted in a note. */
function knownProblems(problems: z.infer<typeof capturedProblemSchema>[]): {
  problems: Problem[];
  note?: string;
} {
  const kept: Problem[] = [];
  const unknown = new Set<string>();
  for (const p of problems) {
    if (!KNOWN_CODES.has(p.code)) {
      unknown.add(clip(p.code, 80));
      continue;
    }
    const { hosts, code, severity, ...rest } = p;
    kept.push({
      ...rest,
      code: code as ProblemCode,
      severity: (SEVERITIES.has(severity) ? severity : "warning") as Problem["severity"],
      ...(hosts ? { hosts: hosts.filter((h): h is HostId => KNOWN_HOSTS.has(h)) } : {}),
    });
  }
  if (unknown.size === 0) return { problems: kept };
  const left = problems.length - kept.length;
  const names = [...unknown].slice(0, 5).join(", ") + (unknown.size > 5 ? ", …" : "");
  return {
    problems: kept,
    note: `${left} problem(s) of rules this build does not know (${names}) were left out: the capture was made by a newer inspector.`,
  };
}

export class CaptureFormatError extends Error {}

/** A capture whose JSON is larger than the reader takes (the app's upload, `--open`). */
export class CaptureTooLargeError extends CaptureFormatError {
  constructor(readonly maxBytes: number) {
    super(`the capture is larger than ${maxBytes} bytes once decompressed`);
  }
}

/** Validates a parsed capture; a newer version or a foreign file is refused with one sentence. */
export function parseCapture(value: unknown): Capture {
  const head = value as { format?: unknown; version?: unknown } | null;
  if (typeof head !== "object" || head === null || head.format !== CAPTURE_FORMAT)
    throw new CaptureFormatError("not a capture file (its format field is not " + CAPTURE_FORMAT + ")");
  if (typeof head.version === "number" && head.version > CAPTURE_VERSION)
    throw new CaptureFormatError(
      `capture format version ${head.version} was made by a newer inspector; this one reads up to ${CAPTURE_VERSION}`,
    );
  checkArrays(value as Record<string, unknown>);
  const parsed = captureSchema.safeParse(value);
  if (!parsed.success) {
    const text = issueText(parsed.error); // ".path: message" or ": message"
    throw new CaptureFormatError(
      `not a valid capture: ${text.startsWith(".") ? text.slice(1) : `(top)${text}`}`,
    );
  }
  const { problems, note } = knownProblems(parsed.data.problems);
  return { ...parsed.data, problems, ...(note ? { readerNotes: [note] } : {}) };
}

/**
 * The capture's arrays of typed entries, checked entry by entry before the whole schema runs: the
 * first bad entry is the one sentence, where zod over the whole would build an issue for each of
 * millions of `{}` entries first (issue 32). Counts are capped the same way.
 */
function checkArrays(capture: Record<string, unknown>): void {
  const at = (...path: string[]) =>
    path.reduce<unknown>((v, k) => (isObject(v) ? (v as Record<string, unknown>)[k] : undefined), capture);
  const arrays: [string, unknown, { safeParse(v: unknown): { success: boolean; error?: z.ZodError } }][] = [
    ["reads", at("reads"), readSchema],
    ["problems", at("problems"), capturedProblemSchema],
    ["budget.skipped", at("budget", "skipped"), skippedSchema],
    ["stderr.lines", at("stderr", "lines"), z.string()],
    ["resources.pages", at("resources", "pages"), pageSchema],
    ["templates.pages", at("templates", "pages"), pageSchema],
  ];
  const n = (x: number) => x.toLocaleString("en-US");
  for (const [name, list, schema] of arrays) {
    if (!Array.isArray(list)) continue; // the whole schema says what it is instead
    if (list.length > MAX_CAPTURE_ITEMS)
      throw new CaptureFormatError(
        `not a valid capture: ${name} holds ${n(list.length)} entries; a capture holds at most ${n(MAX_CAPTURE_ITEMS)}`,
      );
    for (let i = 0; i < list.length; i++) {
      const r = schema.safeParse(list[i]);
      if (!r.success) throw new CaptureFormatError(`not a valid capture: ${name}.${i}${issueText(r.error)}`);
    }
  }
  for (const name of ["resources", "templates"] as const) {
    const pages = at(name, "pages") as { items: unknown[] }[] | undefined;
    const total = pages?.reduce((sum, p) => sum + p.items.length, 0) ?? 0;
    if (total > MAX_CAPTURE_ITEMS)
      throw new CaptureFormatError(
        `not a valid capture: ${name} holds ${n(total)} items; a capture holds at most ${n(MAX_CAPTURE_ITEMS)}`,
      );
  }
}

function issueText(error: z.ZodError | undefined): string {
  const issue = error?.issues[0];
  if (!issue) return ": invalid";
  // zod names every option of an enum (the problem codes: 1,300 characters): one short sentence.
  return clip(`${issue.path.length ? `.${issue.path.join(".")}` : ""}: ${issue.message}`, 200);
}

/** The capture as one side of a comparison: pages joined, reads as outcomes. */
export function stateOf(capture: Capture): ServerState {
  const join = (l: Capture["resources"]) => l.pages.flatMap((p) => p.items);
  return {
    server: capture.server,
    resources: join(capture.resources) as unknown as ServerState["resources"],
    templates: join(capture.templates) as unknown as ServerState["templates"],
    reads: capture.reads.map((r): ReadOutcome =>
      r.error
        ? { uri: r.uri, error: r.error }
        : { uri: r.uri, result: r.result as unknown as Extract<ReadOutcome, { result: unknown }>["result"] },
    ),
  };
}

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  maxBytes = Infinity,
): Promise<Uint8Array> {
  let size = 0;
  // Counted as it inflates: a 64 MB gzip of zeros would be 64 GB once whole.
  const bounded = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new CaptureTooLargeError(maxBytes);
      controller.enqueue(chunk);
    },
  });
  const out = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream).pipeThrough(bounded);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The file's bytes: the capture as JSON, gzip-compressed. */
export async function encodeCapture(capture: Capture): Promise<Uint8Array> {
  return pipe(new TextEncoder().encode(JSON.stringify(capture)), new CompressionStream("gzip"));
}

/**
 * A capture from a file's bytes: gzip (by its magic bytes) or plain JSON, then validated.
 * `maxBytes`: the largest JSON taken, counted as it inflates (CaptureTooLargeError past it).
 */
export async function decodeCapture(bytes: Uint8Array, { maxBytes = Infinity } = {}): Promise<Capture> {
  const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gz && bytes.byteLength > maxBytes) throw new CaptureTooLargeError(maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      gz ? await pipe(bytes, new DecompressionStream("gzip"), maxBytes) : bytes,
    );
  } catch (err) {
    if (err instanceof CaptureTooLargeError) throw err;
    throw new CaptureFormatError(
      gz ? "the file is not valid gzip" : "the file is neither gzip nor UTF-8 JSON",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the file ("API_KEY=sk"… is not valid JSON).
    throw new CaptureFormatError("not a capture file (not gzip or JSON)");
  }
  return parseCapture(value);
}

/** JSON Schema of the file (published as docs/capture.schema.json). */
export function captureJsonSchema(): unknown {
  return z.toJSONSchema(captureSchema, { io: "input", unrepresentable: "any" });
}
