import "server-only";
import type { Resource, ResourceTemplate } from "@/lib/api/contract";
import { CAPTURE_FORMAT, CAPTURE_VERSION, stateOf, type Capture } from "@/lib/capture/format";
import type { ServerState } from "@/lib/capture/state";
import { base64ByteLength } from "@/lib/content/base64";
import { SECRET_NAME } from "@/lib/launch/secret-names";
import { headerVar, redactUrl, referenceHeaders } from "@/server/check/secret-references";
import type { RequestContext } from "@/server/mcp/in-flight";
import type { PagedResult } from "@/server/mcp/pagination";
import { readFailure, type LoggedRead } from "@/server/mcp/read-log";
import type { McpSession } from "@/server/mcp/session";
import { CLIENT_INFO } from "@/server/mcp/session/connection";
import { toStoredLaunch } from "@/server/saved/stored-launch";
import { PROBE_SCHEME } from "@/server/lint/traffic-linter";

/** "Capture all" reads until this many bytes of content unless the user sets a budget. */
export const DEFAULT_CAPTURE_MAX_BYTES = 50 * 1024 * 1024;
/** Reads in flight at once during "capture all". */
const READ_CONCURRENCY = 4;
/**
 * An environment value not named like a secret is still searched for when it looks like a token:
 * long, one word, letters and digits. `production` or a path is left alone (the launch keeps every
 * value as a reference anyway).
 */
const TOKEN_LIKE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9_\-+/=.:]{16,}$/;
/** A secret shorter than this is not searched for in the capture's texts (`1` would hit everything). */
const MIN_SECRET_CHARS = 6;

export interface CaptureProgress {
  phase: "lists" | "reads";
  done: number;
  total: number;
  uri?: string;
}

export interface CaptureOptions {
  /** Read every listed resource not read yet, until `maxBytes` of content. */
  all?: boolean;
  maxBytes?: number;
  /** Cancels the capture: it rejects, nothing is written. */
  signal?: AbortSignal;
  onProgress?: (progress: CaptureProgress) => void;
  /** The request context reads and walks run under (the page's tracked request). */
  ctx?: RequestContext;
}

export class CaptureCancelledError extends Error {
  constructor() {
    super("The capture was cancelled.");
  }
}

/**
 * One server's whole state as the session heard it, as a capture file's contents (lib/capture/
 * format.ts): the card, both listings page by page as last walked, the reads the user made (or,
 * with `all`, every listed resource up to the byte budget), the traffic and stderr logs and the
 * problems. Secrets: the launch keeps `${NAME}` references (the saved-servers rule), and every
 * value the session was given as a secret (environment values, secret-looking headers, a client
 * secret, a secret-looking URL parameter) is replaced wherever it appears — a server that echoes
 * its token into stderr or a resource does not put it in the file.
 */
export async function captureSession(session: McpSession, options: CaptureOptions = {}): Promise<Capture> {
  const { signal, onProgress, ctx } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_CAPTURE_MAX_BYTES;
  const stop = () => {
    if (signal?.aborted) throw new CaptureCancelledError();
  };
  stop();
  onProgress?.({ phase: "lists", done: 0, total: 2 });
  const hasResources = Boolean(session.capabilities?.resources);
  const resources = await listing(hasResources, () => session.listResources(false, { silent: true }, ctx));
  stop();
  onProgress?.({ phase: "lists", done: 1, total: 2 });
  const templates = await listing(hasResources, () => session.listTemplates(false, { silent: true }, ctx));
  stop();
  onProgress?.({ phase: "lists", done: 2, total: 2 });

  const budget = {
    all: Boolean(options.all),
    maxBytes,
    usedBytes: 0,
    skipped: [] as { uri: string; reason: string }[],
  };
  // The reads the user made, in the order made; one too large for the log is read again now.
  const reads = new Map<string, LoggedRead>();
  // The Problems scan's not-found probe is our read of a URI no server has, not the server's state.
  for (const read of session.readLog.all()) if (!read.uri.startsWith(PROBE_SCHEME)) reads.set(read.uri, read);
  const large = [...reads.values()].filter((r) => r.large).map((r) => r.uri);
  await eachOf(large, async (uri) => {
    stop();
    reads.set(uri, await readUnder(session, uri, ctx));
  });
  stop();
  for (const read of reads.values()) budget.usedBytes += readBytes(read);
  if (options.all) {
    const listed = [
      ...new Set(resources.pages.flatMap((p) => p.items.map((r) => (r as Resource).uri))),
    ].filter((uri) => typeof uri === "string" && !reads.has(uri));
    let done = 0;
    onProgress?.({ phase: "reads", done, total: listed.length });
    await eachOf(listed, async (uri) => {
      stop();
      if (budget.usedBytes >= maxBytes) {
        budget.skipped.push({ uri, reason: `the byte budget (${maxBytes} bytes) was used up` });
      } else {
        const read = await readUnder(session, uri, ctx);
        stop();
        const bytes = readBytes(read);
        // Read, but over the budget once its size was known: left out of the file, listed as skipped.
        if (budget.usedBytes + bytes > maxBytes)
          budget.skipped.push({
            uri,
            reason: `its ${bytes} bytes would pass the byte budget (${maxBytes} bytes)`,
          });
        else {
          budget.usedBytes += bytes;
          reads.set(uri, read);
        }
      }
      onProgress?.({ phase: "reads", done: ++done, total: listed.length, uri });
    });
    stop();
    const order = new Map(listed.map((uri, i) => [uri, i]));
    budget.skipped.sort((a, b) => order.get(a.uri)! - order.get(b.uri)!);
  }
  return redact(session, assemble(session, resources, templates, [...reads.values()], budget));
}

/** `work` for each item, READ_CONCURRENCY at a time (the reads of "capture all", or of another side's URIs). */
export async function eachOf(items: readonly string[], work: (item: string) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, items.length) }, worker));
}

/**
 * One read of "capture all" under the capture's request, on a signal of its own: the SDK adds an
 * abort listener to a request's signal and never removes it, so 10,000 reads on the one signal
 * would pile up 10,000 listeners (Node warns past 10).
 */
async function readUnder(
  session: McpSession,
  uri: string,
  ctx: RequestContext | undefined,
): Promise<LoggedRead> {
  const own = new AbortController();
  const abort = () => own.abort(ctx?.signal.reason);
  if (ctx?.signal.aborted) abort();
  ctx?.signal.addEventListener("abort", abort, { once: true });
  const at = new Date().toISOString();
  try {
    const result = await session.read(
      uri,
      false,
      { silent: true },
      ctx ? { ...ctx, signal: own.signal } : undefined,
    );
    return { uri, at, result };
  } catch (err) {
    if (ctx?.signal.aborted) throw new CaptureCancelledError();
    // The error the server answered with is what the capture holds of this URI.
    return { uri, at, error: readFailure(err) };
  } finally {
    ctx?.signal.removeEventListener("abort", abort);
  }
}

/** A live session as one side of a comparison (the same reduction a capture file gets). */
export async function sessionState(session: McpSession, options: CaptureOptions = {}): Promise<ServerState> {
  return stateOf(await captureSession(session, options));
}

type Listing = Capture["resources"];

async function listing<T extends Resource | ResourceTemplate>(
  declared: boolean,
  walk: () => Promise<PagedResult<T>>,
): Promise<Listing> {
  if (!declared)
    return { pages: [], error: "The server declared no resources capability; nothing was listed." };
  let result: PagedResult<T>;
  try {
    result = await walk();
  } catch (err) {
    return { pages: [], error: err instanceof Error ? err.message : String(err) };
  }
  const pages: Listing["pages"] = [];
  let at = 0;
  for (const page of result.received) {
    pages.push({
      ...(page.cursor !== undefined ? { cursor: page.cursor } : {}),
      items: result.items.slice(at, at + page.count),
      ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}),
      ...(page.hints?.ttlMs !== undefined ? { ttlMs: page.hints.ttlMs } : {}),
      ...(page.hints?.cacheScope !== undefined ? { cacheScope: page.hints.cacheScope } : {}),
    });
    at += page.count;
  }
  return { pages, ...(result.warnings.length ? { error: result.warnings.join(" ") } : {}) };
}

function readBytes(read: LoggedRead): number {
  let n = 0;
  for (const c of read.result?.contents ?? []) {
    if ("text" in c && typeof c.text === "string") n += Buffer.byteLength(c.text, "utf8");
    else if ("blob" in c && typeof c.blob === "string") n += base64ByteLength(c.blob);
  }
  return n;
}

function assemble(
  session: McpSession,
  resources: Listing,
  templates: Listing,
  reads: LoggedRead[],
  budget: Capture["budget"],
): Capture {
  const info = session.serverInfo;
  const summary = session.summary();
  const traffic = session.traffic.all();
  const stderr = session.stderr.all();
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    capturedAt: new Date().toISOString(),
    inspector: CLIENT_INFO.version,
    name: session.name,
    launch: capturedLaunch(session),
    server: {
      ...(info?.name !== undefined ? { name: info.name } : {}),
      ...(info?.title !== undefined ? { title: info.title } : {}),
      ...(info?.version !== undefined ? { version: info.version } : {}),
      ...(summary.protocolVersion ? { protocolVersion: summary.protocolVersion } : {}),
      ...(summary.era ? { era: summary.era } : {}),
      capabilities: session.capabilities ?? {},
      ...(summary.instructions !== undefined ? { instructions: summary.instructions } : {}),
    },
    resources,
    templates,
    reads: reads.map((r) => ({
      uri: r.uri,
      at: r.at,
      ...(r.error
        ? { error: r.error }
        : { result: r.result as unknown as { contents: Record<string, unknown>[] } }),
    })),
    budget,
    traffic: { entries: traffic.entries as unknown as Record<string, unknown>[], dropped: traffic.dropped },
    stderr: { lines: stderr.lines, dropped: stderr.dropped },
    problems: session.lint.list(),
  };
}

/** The launch as a capture keeps it: the saved-servers rule, so values become `${NAME}` references. */
function capturedLaunch(session: McpSession): Capture["launch"] {
  const stored = toStoredLaunch(session.launch, [], {}, new Set()).launch;
  if (stored.kind === "http")
    return { kind: "http", url: redactUrl(stored.url), transport: stored.transport, headers: stored.headers };
  return {
    kind: "stdio",
    program: stored.program,
    args: stored.args,
    env: stored.env,
    ...(stored.cwd !== undefined ? { cwd: stored.cwd } : {}),
  };
}

/** The secret values this session was given, each with the reference that replaces it. */
function secretsOf(session: McpSession): [string, string][] {
  const launch = session.launch;
  const out: [string, string][] = [];
  if (launch.kind === "stdio") {
    for (const [name, value] of Object.entries(launch.env))
      if (SECRET_NAME.test(name) || TOKEN_LIKE.test(value)) out.push([value, `\${${name}}`]);
  } else {
    const kept = referenceHeaders(launch.headers);
    for (const [name, value] of Object.entries(launch.headers)) {
      if (kept[name] === value) continue;
      out.push([value, kept[name]!]);
      // "Bearer abc…": the token alone may appear elsewhere too.
      const token = /^\s*\S+\s+(\S{6,})\s*$/.exec(value)?.[1];
      if (token) out.push([token, kept[name]!]);
    }
    if (launch.auth?.clientSecret) out.push([launch.auth.clientSecret, "${CLIENT_SECRET}"]);
    try {
      for (const [name, value] of new URL(launch.url).searchParams)
        if (SECRET_NAME.test(name)) out.push([value, `\${${headerVar(name)}}`]);
    } catch {
      // Not a URL: nothing to find in it.
    }
  }
  // Longest first, so a secret that contains another is replaced whole.
  return out
    .filter(([v]) => v.length >= MIN_SECRET_CHARS && !/^\$\{[^}]+\}$/.test(v))
    .sort((a, b) => b[0].length - a[0].length);
}

/** Every string of the capture (keys too) with each secret value replaced by its reference. */
function redact(session: McpSession, capture: Capture): Capture {
  const secrets = secretsOf(session);
  if (!secrets.length) return capture;
  const scrub = (s: string): string => {
    let out = s;
    for (const [value, ref] of secrets) if (out.includes(value)) out = out.split(value).join(ref);
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== "object") return v;
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      Object.defineProperty(o, scrub(k), {
        value: walk(x),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return o;
  };
  return walk(capture) as Capture;
}
