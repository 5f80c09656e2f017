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
  checkReadResult,
  checkResourcesAgainstTemplates,
  checkSniffedBlob,
} from "@/lib/lint/checks";
import * as traffic from "@/lib/lint/traffic-checks";
import * as hosts from "@/lib/hosts/host-checks";
import type { Capabilities } from "@/lib/lint/traffic-checks";
import type { Problem } from "@/lib/lint/problem";
import { excerpt } from "@/lib/lint/quote";
import { decodeBase64Lenient, base64Head } from "@/lib/content/base64";
import { boundedKey, MAX_FIELD_CHARS } from "@/lib/limits/bounds";
import { splitByShape } from "@/lib/limits/item-shape";
import { sniffBytes, SNIFF_BYTES } from "@/lib/content/mime-sniff";
import {
  PROBE_SCHEME,
  boundedMap,
  boundedSet,
  idKey,
  listedEntry,
  MAX_TRACKED,
  type ListedEntry,
  type Pending,
  type Walk,
} from "./bookkeeping";
import { ModernTraffic } from "./modern-traffic";
import { ProblemStore, type Evidence } from "./problem-store";

export { MAX_PROBLEM_MESSAGE_CHARS } from "./problem-store";

export { excerpt };

export interface LinterOptions {
  /** A request slower than this is a `slow-request` warning. */
  slowMs?: number;
  /** Most problems kept (one per code and subject). */
  capacity?: number;
}

export { PROBE_SCHEME } from "./bookkeeping";

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
export class TrafficLinter {
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
  /** A request slower than this (ms) is a slow-request warning. */
  slowMs: number;
  private readonly store: ProblemStore;
  /** The 2026-07-28 rules' bookkeeping (listen streams) and checks. */
  private readonly modern = new ModernTraffic(() => this.protocolVersion);

  constructor(options: LinterOptions = {}) {
    this.slowMs = options.slowMs ?? 10_000;
    this.store = new ProblemStore(options.capacity ?? 500);
  }

  list(): Problem[] {
    return this.store.list();
  }

  /** Problems not kept: the store was at its capacity. */
  get dropped(): number {
    return this.store.dropped;
  }

  clear(): void {
    this.store.clear();
  }

  /** A capture's problems (an offline session shows what was found then), bounded as new ones are. */
  restore(problems: readonly Problem[]): void {
    this.store.restore(problems);
  }

  /** Called (synchronously) whenever a problem is added or seen again. */
  onChange(listener: () => void): () => void {
    return this.store.onChange(listener);
  }

  /** Resolves once the checks that read bytes (mime sniffing) for messages heard so far are done. */
  async idle(): Promise<void> {
    while (this.async.size > 0) await Promise.all([...this.async]);
  }

  /** The negotiated version, when the transport knows it other than from `initialize`. */
  setProtocolVersion(version: string | null): void {
    if (version) this.protocolVersion = version;
  }

  /** Whether requests carry credentials (an Authorization header or OAuth): public cacheScope is a warning. */
  setCredentials(has: () => boolean): void {
    this.modern.credentials = has;
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
      else this.addAll(this.modern.sent(m.method, m.params ?? {}), { trafficSeq: ctx.trafficSeq });
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
    if (req.method === "subscriptions/listen") {
      const answered = this.modern.listenAnswered(m.id!, m.error !== undefined);
      return this.addAll(answered, { trafficSeq: ctx.trafficSeq, method: req.method });
    }
    if (m.error !== undefined) {
      const evidence = {
        trafficSeq: ctx.trafficSeq,
        method: req.method,
        excerpt: excerpt(ctx.json ?? message),
      };
      this.addAll(traffic.checkErrorResponse(req, m.error, this.capabilities), evidence);
      this.addAll(hosts.checkHostListError(req.method, m.error?.code), evidence);
      const uri = req.params.uri;
      if (req.method === "resources/read")
        this.addAll(this.modern.readError(typeof uri === "string" ? uri : undefined, m.error), evidence);
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
    if (direction === "out") this.modern.request(id, method);
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
    const evidence = { trafficSeq: ctx.trafficSeq, method };
    this.addAll(traffic.checkNotification(method, params, server), evidence);
    this.addAll(this.modern.notification(method, params), evidence);
  }

  /** The name the host's config gives this server (a config import, `--server`): host rules judge it. */
  setServerName(name: string): void {
    this.serverName = name;
    this.addAll(hosts.checkHostServerName(name), {});
  }

  /** What the scan found comparing two connections (second-connection.ts). */
  acrossConnections(findings: readonly Finding[]): void {
    this.addAll(findings, { method: "resources/list" });
  }

  /** A not-found probe's answer (the active scan reads a URI no server has). */
  notFoundProbe(uri: string, code: number | undefined, message: string): void {
    this.addAll(traffic.checkNotFoundProbe(uri, code, message), { method: "resources/read", uri });
  }

  private result(req: Pending, result: unknown, ctx: MessageContext): void {
    const r = (result ?? {}) as Record<string, unknown>;
    const evidence = { trafficSeq: ctx.trafficSeq, method: req.method };
    const uri = typeof req.params.uri === "string" ? req.params.uri : undefined;
    if (req.method === "initialize" || req.method === "server/discover") {
      this.capabilities = (r.capabilities as Capabilities | undefined) ?? {};
      if (typeof r.protocolVersion === "string") this.protocolVersion = r.protocolVersion;
      // A legacy server's initialize is judged by no 2026-07-28 rule (the probe's _meta said 2026).
      if (req.method === "initialize") return;
    }
    const read = req.method === "resources/read" && uri !== undefined ? { uri } : undefined;
    const found = this.modern.result(req.method, r, read?.uri, this.lastResources, this.templates);
    this.addAll(found, { ...evidence, ...(uri ? { uri } : {}) });
    if (req.method === "server/discover") return;
    if (req.walk) this.page(req.walk, r, ctx);
    if (read) {
      const { uri } = read;
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

  private addAll(findings: readonly Finding[], evidence: Evidence): void {
    this.store.addAll(findings, evidence);
  }
}
