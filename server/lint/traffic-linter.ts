/**
 * The Problems panel's engine for one session: fed passively with every JSON-RPC message the
 * session's traffic tap hears (and every stdout line that was not one), it correlates responses
 * with our requests, keeps the bookkeeping the rules need and one problem per code and subject.
 * Every rule's body is in lib/lint/ (traffic-checks.ts, checks.ts), a pure function of the
 * evidence handed to it here. Bounded: at most `capacity` problems (the rest are counted as
 * dropped), and the bookkeeping (requests in flight, listed sizes, subscriptions, list walks) is
 * capped too. It never changes what the session does.
 *
 * No `server-only`: the CLI's `lint` command loads it outside Next.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ContentLike } from "@/lib/content/content-checks";
import type { Finding } from "@/lib/lint/checks";
import {
  checkListedResource,
  checkListedTemplate,
  checkModernCacheFields,
  checkReadResult,
  checkResourcesAgainstTemplates,
  checkSniffedBlob,
} from "@/lib/lint/checks";
import * as traffic from "@/lib/lint/traffic-checks";
import * as hosts from "@/lib/hosts/host-checks";
import type { Capabilities } from "@/lib/lint/traffic-checks";
import type { Problem } from "@/lib/lint/problem";
import { EXCERPT_CHARS, excerpt } from "@/lib/lint/quote";
import { RULES, type Rule } from "@/lib/lint/rules";
import { decodeBase64Lenient, base64Head } from "@/lib/content/base64";
import { boundedKey, clip, MAX_FIELD_CHARS, MAX_TEXT_CHARS } from "@/lib/limits/bounds";
import { splitByShape } from "@/lib/limits/item-shape";
import { sniffBytes, SNIFF_BYTES } from "@/lib/content/mime-sniff";

export { excerpt };

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
  /** What the host rules need of each listed resource (resource walks), bounded. */
  entries?: Map<string, ListedEntry>;
}

interface ListedEntry {
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
}

/** The not-found probe's URIs ("Check this server") are ours, not the server's: no host finding. */
export const PROBE_SCHEME = "mcp-inspector-probe:";

export interface MessageContext {
  /** The traffic log entry of this message. */
  trafficSeq?: number;
  /** The message's line was not valid UTF-8 on the wire (stdio only; see stdio.ts). */
  invalidUtf8?: boolean;
  /** The message as JSON text, when the caller has it: an excerpt is cut from it, not re-serialized. */
  json?: string;
}

/** The contents of one read the linter checks: real reads have a handful. */
export const MAX_LINTED_CONTENTS = 1_000;

const LIST_METHODS = new Set(["resources/list", "resources/templates/list"]);
const MAX_TRACKED = 10_000;

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

/** A request id as a bookkeeping key: a 10 MB id must not be kept (or hashed twice) whole. */
function idKey(direction: "in" | "out", id: string | number): string {
  return `${direction}:${typeof id}:${typeof id === "string" ? boundedKey(id, MAX_FIELD_CHARS) : id}`;
}

/** What the linter knows of where a finding was seen (the rule's finding may name uri and method). */
type Evidence = Problem["evidence"] & { trafficSeq?: number | undefined };

export class TrafficLinter {
  private readonly problems = new Map<string, Problem>();
  private readonly pending = new Map<string, Pending>();
  /** Walks waiting for their next page, by `method cursor`. */
  private readonly walks = new Map<string, Walk>();
  private readonly subscribed = new Set<string>();
  private readonly listedSize = new Map<string, number>();
  private readonly listedResources = new Set<string>();
  private templates: string[] = [];
  private serverName = "server";
  /** The last complete resource walk (the hosts' view of the list), once there is one. */
  private lastResources: Map<string, ListedEntry> | null = null;
  private capabilities: Capabilities | null = null;
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

  /**
   * A capture's problems (an offline session shows what was found then): bounded as `add` bounds
   * a finding, up to the capacity, the rest counted as dropped.
   */
  restore(problems: readonly Problem[]): void {
    for (const p of problems) {
      const key = `${p.code} ${boundedKey(p.evidence.uri ?? "")} ${boundedKey(p.message)}`;
      if (this.problems.has(key)) continue;
      if (this.problems.size >= this.capacity) {
        this.dropped += 1;
        continue;
      }
      const e = p.evidence;
      const evidence: Problem["evidence"] = {};
      if (e.trafficSeq !== undefined) evidence.trafficSeq = e.trafficSeq;
      if (e.uri !== undefined) evidence.uri = clip(e.uri, MAX_TEXT_CHARS);
      if (e.method !== undefined) evidence.method = clip(e.method, MAX_FIELD_CHARS);
      if (e.excerpt !== undefined) evidence.excerpt = clip(e.excerpt, EXCERPT_CHARS + 40);
      this.problems.set(key, {
        code: p.code,
        severity: p.severity,
        message: clip(p.message, MAX_PROBLEM_MESSAGE_CHARS),
        specUrl: clip(p.specUrl, MAX_TEXT_CHARS),
        at: clip(p.at, MAX_FIELD_CHARS),
        count: p.count,
        evidence,
        why: clip(p.why, MAX_TEXT_CHARS),
        ...(p.hosts ? { hosts: [...new Set(p.hosts)] } : {}),
      });
    }
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
    // Peek, not take: a server may still send a proper answer for the id after this one.
    const findings = traffic.checkStrayLine(line, (id) => this.peekPending("out", id)?.method);
    this.addAll(findings, { excerpt: excerpt(line) });
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
      this.addAll(traffic.checkResponseWithoutRequest(m.id), {
        trafficSeq: ctx.trafficSeq,
        excerpt: excerpt(ctx.json ?? message),
      });
      return;
    }
    this.addAll(traffic.checkSlowRequest(req.method, Date.now() - req.at, this.slowMs), {
      trafficSeq: ctx.trafficSeq,
      method: req.method,
    });
    if (m.error !== undefined) {
      const evidence = {
        trafficSeq: ctx.trafficSeq,
        method: req.method,
        excerpt: excerpt(ctx.json ?? message),
      };
      this.addAll(traffic.checkErrorResponse(req, m.error, this.capabilities), evidence);
      this.addAll(hosts.checkHostListError(req.method, m.error?.code), evidence);
      const uri = req.params.uri;
      if (req.method === "resources/read" && typeof uri === "string" && !uri.startsWith(PROBE_SCHEME))
        this.addAll(
          hosts.checkHostReadError(
            uri,
            typeof m.error?.message === "string" ? m.error.message : "",
            typeof m.error?.code === "number" ? m.error.code : undefined,
          ),
          { ...evidence, uri },
        );
    } else this.result(req, m.result, ctx);
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
    const uri = typeof params.uri === "string" ? params.uri : "";
    const server = { capabilities: this.capabilities, subscribed: this.subscribed.has(boundedKey(uri)) };
    this.addAll(traffic.checkNotification(method, params, server), { trafficSeq: ctx.trafficSeq, method });
  }

  /** The name the host's config gives this server (a config import, `--server`): host rules judge it. */
  setServerName(name: string): void {
    this.serverName = name;
    this.addAll(hosts.checkHostServerName(name), {});
  }

  /** A not-found probe's answer (the active scan reads a URI no server has). */
  notFoundProbe(uri: string, code: number | undefined, message: string): void {
    this.addAll(traffic.checkNotFoundProbe(uri, code, message), { method: "resources/read", uri });
  }

  private result(req: Pending, result: unknown, ctx: MessageContext): void {
    const r = (result ?? {}) as Record<string, unknown>;
    const evidence = { trafficSeq: ctx.trafficSeq, method: req.method };
    if (req.method === "initialize" || req.method === "server/discover") {
      this.capabilities = (r.capabilities as Capabilities | undefined) ?? {};
      if (typeof r.protocolVersion === "string") this.protocolVersion = r.protocolVersion;
      return;
    }
    this.addAll(checkModernCacheFields(req.method, r, this.protocolVersion), evidence);
    if (req.walk) this.page(req.walk, r, ctx);
    if (req.method === "resources/read" && typeof req.params.uri === "string") {
      const uri = req.params.uri;
      // Only contents with a uri are looked at, at most MAX_LINTED_CONTENTS (issue 32: 5 MB of `{}`
      // contents took the checks 9 s); the rest is one finding.
      const shaped = splitByShape<ContentLike>(Array.isArray(r.contents) ? r.contents : [], ["uri"]);
      this.addAll(
        traffic.checkInvalidItems(req.method, shaped.bad, shaped.valid.length + shaped.bad, shaped.first),
        evidence,
      );
      const contents = shaped.valid.slice(0, MAX_LINTED_CONTENTS);
      const listedSize = this.listedSize.get(boundedKey(uri));
      this.addAll(checkReadResult(uri, { contents }, listedSize), { ...evidence, uri });
      if (!uri.startsWith(PROBE_SCHEME)) {
        const listed = this.lastResources?.get(boundedKey(uri));
        this.addAll(
          hosts.checkHostRead({
            uri,
            contents,
            ...(this.lastResources ? { listed: listed !== undefined } : {}),
            ...(listed?.mimeType !== undefined ? { listedMime: listed.mimeType } : {}),
          }),
          { ...evidence, uri },
        );
      }
      if (ctx.invalidUtf8) this.addAll(traffic.checkUndecodableRead(uri, contents), evidence);
      for (const c of contents)
        if (typeof c.blob === "string" && typeof c.mimeType === "string")
          this.sniff(typeof c.uri === "string" ? c.uri : uri, c.mimeType, c.blob, ctx.trafficSeq);
    }
  }

  private page(walk: Walk, r: Record<string, unknown>, ctx: MessageContext): void {
    walk.pages += 1;
    const isTemplates = walk.method === "resources/templates/list";
    const listed = isTemplates ? r.resourceTemplates : r.resources;
    // Items without their required strings are counted, not checked (issue 32: millions of `{}`).
    const shaped = splitByShape<Record<string, unknown>>(Array.isArray(listed) ? listed : [], [
      isTemplates ? "uriTemplate" : "uri",
      "name",
    ]);
    const items = shaped.valid;
    const evidence = { trafficSeq: ctx.trafficSeq, method: walk.method };
    this.addAll(
      traffic.checkInvalidItems(walk.method, shaped.bad, items.length + shaped.bad, shaped.first),
      evidence,
    );
    const next = typeof r.nextCursor === "string" ? r.nextCursor : undefined;
    const nextKey = next === undefined ? undefined : boundedKey(next, MAX_FIELD_CHARS);
    this.addAll(traffic.checkEmptyPage(walk.method, walk.pages, items.length, next), evidence);
    const repeated = nextKey !== undefined && walk.cursors.has(nextKey);
    this.addAll(hosts.checkHostListPage(walk.method, walk.pages, r, repeated), evidence);
    this.addAll(hosts.checkHostListWithoutCapability(walk.method, items.length, this.capabilities), evidence);
    // The bookkeeping holds MAX_TRACKED keys; past them each add evicts, and a Set's first key
    // after many deletes is found by skipping the holes: 1 M items took this loop 64 s (issue 32).
    for (const item of items.length > MAX_TRACKED ? items.slice(0, MAX_TRACKED) : items) {
      const key = boundedKey(String(isTemplates ? item.uriTemplate : item.uri));
      this.addAll(traffic.checkDuplicateUri(walk.method, key, walk.pages, walk.uris.has(key)), evidence);
      boundedSet(walk.uris, key);
      if (isTemplates) {
        this.addAll(checkListedTemplate(item as never), evidence);
      } else {
        this.addAll(checkListedResource(item as never), evidence);
        this.addAll(hosts.checkHostListedResource(item), { ...evidence, uri: key });
        if (typeof item.uri === "string") boundedMap((walk.entries ??= new Map()), key, listedEntry(item));
        if (typeof item.size === "number") boundedMap(this.listedSize, key, item.size);
        else this.listedSize.delete(key);
        boundedSet(this.listedResources, key);
      }
    }
    if (isTemplates && next === undefined) this.templates = [...walk.uris];
    if (!isTemplates && next === undefined) this.lastResources = walk.entries ?? new Map();
    if (next === undefined || nextKey === undefined) {
      const outside = checkResourcesAgainstTemplates(this.templates, [...this.listedResources]);
      this.addAll(outside, { method: walk.method });
      if (this.lastResources)
        this.addAll(
          hosts.checkHostCompleteList({
            serverName: this.serverName,
            capabilities: this.capabilities,
            resources: [...this.lastResources.values()],
            templates: this.templates,
          }),
          { method: walk.method },
        );
      return;
    }
    const repeating = traffic.checkRepeatingCursor(walk.method, walk.pages, next, repeated);
    if (repeating.length > 0) {
      this.addAll(repeating, evidence);
      return;
    }
    boundedSet(walk.cursors, nextKey);
    boundedMap(this.walks, `${walk.method} ${nextKey}`, walk);
  }

  private sniff(uri: string, declared: string, blob: string, trafficSeq: number | undefined): void {
    const job = sniffBytes(decodeBase64Lenient(base64Head(blob, SNIFF_BYTES), SNIFF_BYTES))
      .then((found) =>
        this.addAll(checkSniffedBlob(uri, declared, found), { trafficSeq, method: "resources/read" }),
      )
      .catch(() => undefined) // unknown bytes are no evidence
      .finally(() => this.async.delete(job));
    this.async.add(job);
  }

  /**
   * The one way in to the problem store, and where a problem is bounded: its key, subject,
   * message and evidence never hold more than their caps of what the server sent (lib/limits/bounds.ts).
   */
  private addAll(findings: readonly Finding[], evidence: Evidence): void {
    for (const f of findings) this.add(f, evidence);
  }

  private add(f: Finding, evidence: Evidence): void {
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
    const rule: Rule = RULES[f.code];
    const clean: Problem["evidence"] = {};
    if (evidence.trafficSeq !== undefined) clean.trafficSeq = evidence.trafficSeq;
    const uri = f.uri ?? evidence.uri;
    if (uri !== undefined) clean.uri = clip(uri, MAX_TEXT_CHARS);
    const method = f.method ?? evidence.method;
    if (method !== undefined) clean.method = clip(method, MAX_FIELD_CHARS);
    if (evidence.excerpt !== undefined) clean.excerpt = clip(evidence.excerpt, EXCERPT_CHARS + 40);
    this.problems.set(key, {
      code: f.code,
      severity: rule.severity,
      message: clip(f.message, MAX_PROBLEM_MESSAGE_CHARS),
      specUrl: rule.specUrl,
      at: new Date().toISOString(),
      count: 1,
      evidence: clean,
      why: rule.why,
      ...(rule.hosts ? { hosts: [...rule.hosts] } : {}),
    });
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

/** What the host rules keep of a listed resource: its URI and the short fields they judge, clipped. */
function listedEntry(item: Record<string, unknown>): ListedEntry {
  const e: ListedEntry = { uri: clip(String(item.uri), MAX_TEXT_CHARS) };
  if (typeof item.name === "string") e.name = clip(item.name, MAX_FIELD_CHARS);
  if (typeof item.description === "string") e.description = clip(item.description, MAX_TEXT_CHARS);
  if (typeof item.mimeType === "string") e.mimeType = clip(item.mimeType, MAX_FIELD_CHARS);
  return e;
}
