/**
 * The Problems panel's engine for one session: fed passively with every JSON-RPC message the
 * session's traffic tap hears (and every stdout line that was not one), it runs the pure checks of
 * lib/lint/ and keeps one problem per code and subject. Bounded: at most `capacity` problems (the
 * rest are counted as dropped), and the bookkeeping it needs (requests in flight, listed sizes,
 * subscriptions, list walks) is capped too. It never changes what the session does.
 *
 * No `server-only`: the CLI's `lint` command loads it outside Next.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ContentLike } from "@/lib/content-checks";
import type { Finding } from "@/lib/lint/checks";
import {
  checkListedResource,
  checkListedTemplate,
  checkModernCacheFields,
  checkReadResult,
  checkResourcesAgainstTemplates,
  mimeContradicts,
} from "@/lib/lint/checks";
import { decodeBase64Lenient, base64Head } from "@/lib/base64";
import { sniffBytes, SNIFF_BYTES } from "@/lib/mime-sniff";
import type { Problem } from "@/lib/lint/problem";
import { RULES } from "@/lib/lint/rules";
import { boundedKey, clip, MAX_FIELD_CHARS, MAX_TEXT_CHARS } from "@/lib/bounds";

export interface LinterOptions {
  /** A request slower than this is a `slow-request` warning. */
  slowMs?: number;
  /** Most problems kept (one per code and subject). */
  capacity?: number;
}

interface Pending {
  method: string;
  params: Record<string, unknown>;
  at: number;
  /** The list walk this page request belongs to. */
  walk?: Walk;
}

interface Walk {
  method: string;
  uris: Set<string>;
  cursors: Set<string>;
  pages: number;
}

export interface MessageContext {
  /** The traffic log entry of this message. */
  trafficSeq?: number;
  /** The message's line was not valid UTF-8 on the wire (stdio only; see stdio.ts). */
  invalidUtf8?: boolean;
  /** The message as JSON text, when the caller has it: an excerpt is cut from it, not re-serialized. */
  json?: string;
}

/** Where a declared capability promises a method (basic/lifecycle#capability-negotiation). */
const CAPABILITY_OF: Record<string, (caps: Caps) => boolean> = {
  "resources/list": (c) => Boolean(c.resources),
  "resources/read": (c) => Boolean(c.resources),
  "resources/templates/list": (c) => Boolean(c.resources),
  "resources/subscribe": (c) => Boolean(c.resources?.subscribe),
  "resources/unsubscribe": (c) => Boolean(c.resources?.subscribe),
  "prompts/list": (c) => Boolean(c.prompts),
  "prompts/get": (c) => Boolean(c.prompts),
  "tools/list": (c) => Boolean(c.tools),
  "tools/call": (c) => Boolean(c.tools),
  "completion/complete": (c) => Boolean(c.completions),
  "logging/setLevel": (c) => Boolean(c.logging),
};

interface Caps {
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: unknown;
  tools?: unknown;
  completions?: unknown;
  logging?: unknown;
}

const NOT_FOUND_TEXT = /not[\s_-]?found|unknown resource|no such|does not exist/i;
const LIST_METHODS = new Set(["resources/list", "resources/templates/list"]);
const MAX_TRACKED = 10_000;
const EXCERPT = 400;

function boundedSet<T>(set: Set<T>, value: T): void {
  set.add(value);
  if (set.size > MAX_TRACKED) set.delete(set.values().next().value as T);
}

function boundedMap<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_TRACKED) map.delete(map.keys().next().value as K);
}

/** A problem's message quotes URIs and what the server said: at most this many characters. */
export const MAX_PROBLEM_MESSAGE_CHARS = 4_096;

export function excerpt(value: unknown, max = EXCERPT): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return clip(text, max);
}

/** A request id as a bookkeeping key: a 10 MB id must not be kept (or hashed twice) whole. */
function idKey(direction: "in" | "out", id: string | number): string {
  return `${direction}:${typeof id}:${typeof id === "string" ? boundedKey(id, MAX_FIELD_CHARS) : id}`;
}

export class TrafficLinter {
  private readonly problems = new Map<string, Problem>();
  private readonly pending = new Map<string, Pending>();
  /** Walks waiting for their next page, by `method cursor`. */
  private readonly walks = new Map<string, Walk>();
  private readonly subscribed = new Set<string>();
  private readonly listedSize = new Map<string, number>();
  private readonly listedResources = new Set<string>();
  private templates: string[] = [];
  private capabilities: Caps | null = null;
  private protocolVersion: string | null = null;
  private readonly async = new Set<Promise<void>>();
  private readonly listeners = new Set<() => void>();
  /** A request slower than this (ms) is a slow-request warning. */
  slowMs: number;
  private readonly capacity: number;
  dropped = 0;

  constructor(options: LinterOptions = {}) {
    this.slowMs = options.slowMs ?? 10_000;
    this.capacity = options.capacity ?? 500;
  }

  list(): Problem[] {
    return [...this.problems.values()];
  }

  clear(): void {
    this.problems.clear();
    this.dropped = 0;
    this.changed();
  }

  /** Called (synchronously) whenever a problem is added or seen again. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves once the checks that read bytes (mime sniffing) for messages heard so far are done. */
  async idle(): Promise<void> {
    while (this.async.size > 0) await Promise.all([...this.async]);
  }

  /** The negotiated version, when the transport knows it other than from `initialize`. */
  setProtocolVersion(version: string | null): void {
    if (version) this.protocolVersion = version;
  }

  /** A stdout line that was not a JSON-RPC message (stdio only). */
  strayLine(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const p = parsed as { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown } } | undefined;
    // A JSON-RPC error whose code is not a number fails the SDK's schema and lands here.
    if (
      p &&
      p.jsonrpc === "2.0" &&
      p.error &&
      typeof p.error === "object" &&
      typeof p.error.code !== "number"
    ) {
      // Peek, not take: a server may still send a proper answer for the id after this one.
      const method = this.peekPending("out", p.id)?.method;
      this.add(
        {
          code: "error-without-code",
          subject: method ?? "response",
          message: `An error response${method ? ` to ${method}` : ""} has ${p.error.code === undefined ? "no code" : `code ${excerpt(p.error.code)}`}; JSON-RPC error codes are integers.`,
        },
        { excerpt: excerpt(line), ...(method ? { method } : {}) },
      );
      return;
    }
    this.add(
      {
        code: "stdout-not-jsonrpc",
        subject: "stdout",
        message: `The server wrote a line to stdout that is not a JSON-RPC message: ${excerpt(line, 100)}`,
      },
      { excerpt: excerpt(line) },
    );
  }

  /** Every message in both directions, in order, as the traffic tap hears it. */
  message(direction: "in" | "out", message: JSONRPCMessage, ctx: MessageContext = {}): void {
    const m = message as {
      id?: string | number | null;
      method?: string;
      params?: Record<string, unknown>;
      result?: unknown;
      error?: { code?: unknown; message?: unknown };
    };
    const hasId = m.id !== undefined && m.id !== null;
    if (m.method !== undefined) {
      if (hasId) this.request(direction, m.id!, m.method, m.params ?? {});
      else if (direction === "in") this.notification(m.method, m.params ?? {}, ctx);
      if (direction === "out") this.outgoing(m.method, m.params ?? {});
      return;
    }
    if (direction !== "in") return; // our answers to the server's requests
    const req = hasId ? this.takePending("out", m.id!) : undefined;
    if (!req) {
      this.add(
        {
          code: "response-without-request",
          subject: `id ${excerpt(m.id ?? null, MAX_FIELD_CHARS)}`,
          message: `The server sent a response with id ${excerpt(m.id ?? null)}, which no request of ours carried.`,
        },
        { trafficSeq: ctx.trafficSeq, excerpt: excerpt(ctx.json ?? message) },
      );
      return;
    }
    const latency = Date.now() - req.at;
    // initialize is timed from spawn: its latency is mostly the process starting (npx may even
    // download), which clients bound with a separate connect timeout. Not a slow request.
    if (latency > this.slowMs && req.method !== "initialize")
      this.add(
        {
          code: "slow-request",
          subject: req.method,
          message: `${req.method} took ${(latency / 1000).toFixed(1)} s (threshold ${(this.slowMs / 1000).toFixed(1)} s).`,
        },
        { trafficSeq: ctx.trafficSeq, method: req.method },
      );
    if (m.error !== undefined) this.errorResponse(req, m.error, ctx, message);
    else this.result(req, m.result, ctx);
  }

  private request(
    direction: "in" | "out",
    id: string | number,
    method: string,
    params: Record<string, unknown>,
  ) {
    const pending: Pending = { method, params, at: Date.now() };
    if (direction === "out" && LIST_METHODS.has(method)) {
      const cursor = typeof params.cursor === "string" ? params.cursor : undefined;
      const key = `${method} ${cursor === undefined ? cursor : boundedKey(cursor, MAX_FIELD_CHARS)}`;
      pending.walk =
        cursor === undefined
          ? { method, uris: new Set(), cursors: new Set(), pages: 0 }
          : (this.walks.get(key) ?? {
              method,
              uris: new Set(),
              cursors: new Set([boundedKey(cursor, MAX_FIELD_CHARS)]),
              pages: 0,
            });
      if (cursor !== undefined) this.walks.delete(key);
    }
    boundedMap(this.pending, idKey(direction, id), pending);
  }

  private peekPending(direction: "in" | "out", id: unknown): Pending | undefined {
    if (typeof id !== "string" && typeof id !== "number") return undefined;
    return this.pending.get(idKey(direction, id));
  }

  private takePending(direction: "in" | "out", id: unknown): Pending | undefined {
    if (typeof id !== "string" && typeof id !== "number") return undefined;
    const key = idKey(direction, id);
    const p = this.pending.get(key);
    this.pending.delete(key);
    return p;
  }

  /** What our own requests say: subscriptions, and the version a modern-era request carries. */
  private outgoing(method: string, params: Record<string, unknown>): void {
    const uri = typeof params.uri === "string" ? params.uri : undefined;
    if (method === "resources/subscribe" && uri) boundedSet(this.subscribed, boundedKey(uri));
    if (method === "resources/unsubscribe" && uri) this.subscribed.delete(boundedKey(uri));
    if (method === "subscriptions/listen") {
      const n = params.notifications as { resourceSubscriptions?: unknown } | undefined;
      if (Array.isArray(n?.resourceSubscriptions))
        for (const u of n.resourceSubscriptions)
          if (typeof u === "string") boundedSet(this.subscribed, boundedKey(u));
    }
    const meta = params._meta as Record<string, unknown> | undefined;
    const version = meta?.["io.modelcontextprotocol/protocolVersion"];
    if (typeof version === "string") this.protocolVersion = version;
  }

  private notification(method: string, params: Record<string, unknown>, ctx: MessageContext): void {
    const caps = this.capabilities;
    if (method === "notifications/resources/list_changed" && caps && !caps.resources?.listChanged)
      this.add(
        {
          code: "notification-without-capability",
          subject: method,
          message:
            "The server sent notifications/resources/list_changed but did not declare resources.listChanged.",
        },
        { trafficSeq: ctx.trafficSeq, method },
      );
    if (method === "notifications/resources/updated") {
      const uri = typeof params.uri === "string" ? params.uri : "";
      if (caps && !caps.resources?.subscribe)
        this.add(
          {
            code: "notification-without-capability",
            subject: method,
            message:
              "The server sent notifications/resources/updated but did not declare resources.subscribe.",
          },
          { trafficSeq: ctx.trafficSeq, method, uri },
        );
      else if (!this.subscribed.has(boundedKey(uri)))
        this.add(
          {
            code: "updated-not-subscribed",
            subject: uri,
            uri,
            message: `The server sent resources/updated for ${uri}, which the client never subscribed to.`,
          },
          { trafficSeq: ctx.trafficSeq, method },
        );
    }
  }

  private errorResponse(
    req: Pending,
    error: { code?: unknown; message?: unknown },
    ctx: MessageContext,
    raw: unknown,
  ) {
    const code = error.code;
    const evidence = { trafficSeq: ctx.trafficSeq, method: req.method, excerpt: excerpt(ctx.json ?? raw) };
    if (typeof code !== "number") {
      // Reached only where a transport passes such a message on (the SDK's schema rejects it).
      this.add(
        {
          code: "error-without-code",
          subject: req.method,
          message: `An error response to ${req.method} has no numeric code.`,
        },
        evidence,
      );
      return;
    }
    if (code === -32601 && this.capabilities && CAPABILITY_OF[req.method]?.(this.capabilities))
      this.add(
        {
          code: "capability-method-not-found",
          subject: req.method,
          message: `The server declared the capability for ${req.method} but answered it with -32601 Method not found.`,
        },
        evidence,
      );
    const uri = typeof req.params.uri === "string" ? req.params.uri : undefined;
    const message = typeof error.message === "string" ? error.message : "";
    if (req.method === "resources/read" && code !== -32002 && code !== -32602 && NOT_FOUND_TEXT.test(message))
      this.add(
        {
          code: "not-found-code",
          subject: "resources/read",
          message: `A read of an unknown resource was answered with code ${code} ("${excerpt(message, 80)}"); expected -32002 or -32602.`,
          ...(uri ? { uri } : {}),
        },
        evidence,
      );
  }

  /** A not-found probe's answer (the active scan reads a URI no server has). */
  notFoundProbe(uri: string, code: number | undefined, message: string): void {
    if (code === -32002 || code === -32602) return;
    this.add(
      {
        code: "not-found-code",
        subject: "resources/read",
        uri,
        message: `Reading a URI the server does not have (${uri}) was answered with ${code === undefined ? "no error" : `code ${code}`} ("${excerpt(message, 80)}"); expected -32002 or -32602.`,
      },
      { method: "resources/read", uri },
    );
  }

  private result(req: Pending, result: unknown, ctx: MessageContext): void {
    const r = (result ?? {}) as Record<string, unknown>;
    const evidence = { trafficSeq: ctx.trafficSeq, method: req.method };
    if (req.method === "initialize" || req.method === "server/discover") {
      this.capabilities = (r.capabilities as Caps | undefined) ?? {};
      if (typeof r.protocolVersion === "string") this.protocolVersion = r.protocolVersion;
      return;
    }
    for (const f of checkModernCacheFields(req.method, r, this.protocolVersion)) this.add(f, evidence);
    if (req.walk) this.page(req.walk, r, ctx);
    if (req.method === "resources/read" && typeof req.params.uri === "string") {
      const uri = req.params.uri;
      const contents = (Array.isArray(r.contents) ? r.contents : []) as ContentLike[];
      for (const f of checkReadResult(uri, { contents }, this.listedSize.get(boundedKey(uri))))
        this.add(f, { ...evidence, uri: f.uri ?? uri });
      if (ctx.invalidUtf8) {
        // The line held invalid bytes; the decoder made each one U+FFFD. Name the items that have one.
        const bad = contents.filter((c) => typeof c.text === "string" && c.text.includes("\uFFFD"));
        for (const c of bad.length > 0 ? bad : contents.slice(0, 1)) {
          const at = typeof c.uri === "string" ? c.uri : uri;
          this.add(
            {
              code: "text-not-utf8",
              subject: at,
              uri: at,
              message: `The read of ${uri} arrived with bytes that are not valid UTF-8${bad.length > 0 ? ` in the text of ${at}` : ""}.`,
            },
            evidence,
          );
        }
      }
      for (const c of contents)
        if (typeof c.blob === "string" && typeof c.mimeType === "string")
          this.sniff(typeof c.uri === "string" ? c.uri : uri, c.mimeType, c.blob, ctx.trafficSeq);
    }
  }

  private page(walk: Walk, r: Record<string, unknown>, ctx: MessageContext): void {
    walk.pages += 1;
    const isTemplates = walk.method === "resources/templates/list";
    const items = (
      Array.isArray(isTemplates ? r.resourceTemplates : r.resources)
        ? isTemplates
          ? r.resourceTemplates
          : r.resources
        : []
    ) as Record<string, unknown>[];
    const evidence = { trafficSeq: ctx.trafficSeq, method: walk.method };
    const next = typeof r.nextCursor === "string" ? r.nextCursor : undefined;
    if (items.length === 0 && next !== undefined)
      this.add(
        {
          code: "empty-page-with-cursor",
          subject: walk.method,
          message: `Page ${walk.pages} of ${walk.method} is empty but has a nextCursor.`,
        },
        evidence,
      );
    for (const item of items) {
      const key = boundedKey(String(isTemplates ? item.uriTemplate : item.uri));
      if (walk.uris.has(key))
        this.add(
          {
            code: "duplicate-uri",
            subject: key,
            uri: key,
            message: `${walk.method} lists ${key} more than once (again on page ${walk.pages}).`,
          },
          evidence,
        );
      boundedSet(walk.uris, key);
      if (isTemplates) {
        for (const f of checkListedTemplate(item as never)) this.add(f, { ...evidence, uri: f.uri });
      } else {
        for (const f of checkListedResource(item as never)) this.add(f, { ...evidence, uri: f.uri });
        if (typeof item.size === "number") boundedMap(this.listedSize, key, item.size);
        else this.listedSize.delete(key);
        boundedSet(this.listedResources, key);
      }
    }
    if (isTemplates && next === undefined) this.templates = [...walk.uris];
    if (next === undefined) {
      for (const f of checkResourcesAgainstTemplates(this.templates, [...this.listedResources]))
        this.add(f, { method: walk.method, uri: f.uri });
      return;
    }
    const nextKey = boundedKey(next, MAX_FIELD_CHARS);
    if (walk.cursors.has(nextKey)) {
      this.add(
        {
          code: "repeating-cursor",
          subject: walk.method,
          message: `${walk.method} page ${walk.pages} handed out cursor ${excerpt(next, 60)} again; a client following it loops forever.`,
        },
        evidence,
      );
      return;
    }
    boundedSet(walk.cursors, nextKey);
    boundedMap(this.walks, `${walk.method} ${nextKey}`, walk);
  }

  private sniff(uri: string, declared: string, blob: string, trafficSeq: number | undefined): void {
    const job = sniffBytes(decodeBase64Lenient(base64Head(blob, SNIFF_BYTES), SNIFF_BYTES))
      .then((found) => {
        if (found && mimeContradicts(declared, found.mimeType))
          this.add(
            {
              code: "mime-type-contradicts-bytes",
              subject: uri,
              uri,
              message: `${uri} is declared ${declared} but its bytes are ${found.description} (${found.mimeType}).`,
            },
            { trafficSeq, method: "resources/read" },
          );
      })
      .catch(() => undefined) // unknown bytes are no evidence
      .finally(() => this.async.delete(job));
    this.async.add(job);
  }

  /**
   * The one way in to the problem store, and where a problem is bounded: its key, subject,
   * message and evidence never hold more than their caps of what the server sent (lib/bounds.ts).
   */
  private add(f: Finding, evidence: Problem["evidence"] & { trafficSeq?: number | undefined }): void {
    const key = `${f.code} ${boundedKey(f.subject)}`;
    const existing = this.problems.get(key);
    if (existing) {
      existing.count += 1;
      this.changed();
      return;
    }
    if (this.problems.size >= this.capacity) {
      this.dropped += 1;
      return;
    }
    const rule = RULES[f.code];
    const clean: Problem["evidence"] = {};
    if (evidence.trafficSeq !== undefined) clean.trafficSeq = evidence.trafficSeq;
    const uri = f.uri ?? evidence.uri;
    if (uri !== undefined) clean.uri = clip(uri, MAX_TEXT_CHARS);
    if (evidence.method !== undefined) clean.method = clip(evidence.method, MAX_FIELD_CHARS);
    if (evidence.excerpt !== undefined) clean.excerpt = clip(evidence.excerpt, EXCERPT + 40);
    this.problems.set(key, {
      code: f.code,
      severity: rule.severity,
      message: clip(f.message, MAX_PROBLEM_MESSAGE_CHARS),
      specUrl: rule.specUrl,
      at: new Date().toISOString(),
      count: 1,
      evidence: clean,
      why: rule.why,
    });
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
