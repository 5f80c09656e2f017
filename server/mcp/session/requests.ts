import "server-only";
import type { CompleteResponse, ReadResponse } from "@/lib/api/contract";
import type { ReadAnswer } from "@/lib/api/input-required";
import type { RequestContext } from "../in-flight";
import { walkPages } from "../pagination";
import type { ReadLog } from "../read-log";
import { CompletionsNotSupportedError } from "../session-errors";
import type { SessionConnection } from "./connection";
import type { LookOptions } from "./lists";
import type { SessionOutput } from "./output";

const RECENT_READS = 20;

/** What the requests need of the session around them, asked when they run. */
export interface RequestsContext {
  name: () => string;
  /** The latest version of a watched URI (kept fresh by update notifications), if any. */
  latest: (uri: string) => ReadResponse | undefined;
  maxPages: number;
}

/**
 * What the user asks of the server beside the listings (a part of McpSession): reads (logged in
 * the read log, the recent ones remembered for watch mode), completions, tools, the Problems
 * scan's undeclared-list probe. Each goes through the connection's request pipeline.
 */
export class SessionRequests {
  /** What the user read lately, oldest first (watch mode re-reads them after a restart). */
  private readonly readUris = new Set<string>();

  constructor(
    private readonly connection: SessionConnection,
    private readonly output: SessionOutput,
    private readonly readLog: ReadLog,
    private readonly ctx: RequestsContext,
  ) {}

  read(uri: string, fresh = false, look: LookOptions = {}, ctx?: RequestContext): Promise<ReadResponse> {
    return this.logged(uri, look, ctx, () => this.fetchRead(uri, fresh, ctx));
  }

  /**
   * An input_required read asked again with the user's answers and the echoed requestState
   * (2026-07-28, spec: basic/patterns/mrtr): always sent, logged and told like any read.
   */
  answerRead(uri: string, answer: ReadAnswer, ctx?: RequestContext): Promise<ReadResponse> {
    const c = this.connection;
    return this.logged(uri, {}, ctx, () =>
      c.request(this.ctx.name(), () => c.client.read(uri, c.requestOptions(ctx), answer)),
    );
  }

  private async logged(
    uri: string,
    look: LookOptions,
    ctx: RequestContext | undefined,
    fetch: () => Promise<ReadResponse>,
  ): Promise<ReadResponse> {
    let result: ReadResponse;
    try {
      result = await fetch();
    } catch (err) {
      // A cancelled or timed-out read says nothing of the server's answer; an error it sent does.
      if (!ctx?.signal?.aborted) this.readLog.failed(uri, err);
      throw err;
    }
    this.readLog.ok(uri, result);
    if (!look.silent) {
      this.readUris.delete(uri);
      this.readUris.add(uri);
      for (const old of this.readUris) {
        if (this.readUris.size <= RECENT_READS) break;
        this.readUris.delete(old);
      }
      this.output.tell({ type: "read", uri, result });
    }
    return result;
  }

  /** The URIs the user read most recently (at most 20), newest last. */
  recentReads(): string[] {
    return [...this.readUris];
  }

  /** A read no observer hears: the session's own (watch versions, re-reads after a reconnect). */
  fetchRead(uri: string, fresh: boolean, ctx?: RequestContext): Promise<ReadResponse> {
    const latest = fresh ? undefined : this.ctx.latest(uri);
    if (latest && this.connection.status === "connected") return Promise.resolve(latest);
    const c = this.connection;
    return c.request(this.ctx.name(), () => c.client.read(uri, c.requestOptions(ctx)));
  }

  async complete(
    uriTemplate: string,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompleteResponse> {
    const c = this.connection;
    const name = this.ctx.name();
    c.requireConnected(name);
    if (!c.capabilities?.completions) throw new CompletionsNotSupportedError(name);
    const params = {
      ref: { type: "ref/resource" as const, uri: uriTemplate },
      argument,
      ...(context ? { context: { arguments: context } } : {}),
    };
    return c.request(name, () => c.client.complete(params, c.requestOptions()));
  }

  async listTools() {
    const c = this.connection;
    const walk = (cursor: string | undefined) => c.client.listTools(cursor, c.requestOptions());
    return (await c.request(this.ctx.name(), () => walkPages(walk, this.ctx.maxPages))).items;
  }

  callTool(name: string, args: Record<string, unknown>, ctx?: RequestContext) {
    this.output.tell({ type: "tool-call", name, arguments: args });
    const c = this.connection;
    return c.request(this.ctx.name(), () => c.client.callTool(name, args, c.requestOptions(ctx)));
  }

  /**
   * "Check this server" on a server that declares no resources capability: ask for one page of
   * resources anyway, so the linter can tell whether it serves resources hosts will never ask for.
   */
  async probeUndeclaredList(): Promise<void> {
    const c = this.connection;
    c.requireConnected(this.ctx.name());
    await c.request(this.ctx.name(), () => c.client.listResources(undefined, c.requestOptions()));
  }
}
