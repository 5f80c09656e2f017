/**
 * "Check this server": the active half of the Problems panel. Walks every page of resources and
 * templates, reads every listed resource once (at most 200 reads and 10 MB of content), probes a
 * declared subscribe capability and a URI no server has — all through the session, so the
 * passive linter judges the traffic exactly as it judges the user's own. A 2026-07-28 server is
 * also listed by a second connection, to compare (second-connection.ts). Stoppable; reports
 * progress in its state.
 *
 * No `server-only`: the CLI's `lint` command runs it outside Next.
 */
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ScanState } from "@/lib/lint/problem";
import { contentByteLength } from "@/lib/content/content-kind";
import type { McpSession } from "../mcp/session";
import { compareWithSecondConnection } from "./second-connection";
import { PROBE_SCHEME } from "./traffic-linter";

export const SCAN_LIMITS = { reads: 200, bytes: 10 * 1024 * 1024 } as const;

export interface ScanOptions {
  maxReads?: number;
  maxBytes?: number;
  /**
   * Every request of the scan goes through it: the one-shot CLI signs in again and retries one
   * that lost its grant (a 403 insufficient_scope step-up; server/cli/sign-in.ts `run`).
   */
  retry?: <T>(op: () => Promise<T>) => Promise<T>;
}

/** A scan of one session; `state` is what GET …/problems shows while it runs. */
export class ProblemScan {
  state: ScanState = { running: false, total: 0, reads: 0, bytes: 0, stopped: false };
  private readonly abort = new AbortController();
  private done: Promise<ScanState> | null = null;

  constructor(
    private readonly session: McpSession,
    private readonly options: ScanOptions = {},
  ) {}

  run(): Promise<ScanState> {
    this.done ??= this.walk()
      .finally(() => {
        this.state = { ...this.state, running: false, finishedAt: new Date().toISOString() };
      })
      .then(() => this.state);
    return this.done;
  }

  stop(): void {
    if (!this.state.running) return;
    this.state = { ...this.state, stopped: true, note: "Stopped." };
    this.abort.abort();
  }

  private call<T>(op: () => Promise<T>): Promise<T> {
    return this.options.retry ? this.options.retry(op) : op();
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async walk(): Promise<void> {
    const maxReads = this.options.maxReads ?? SCAN_LIMITS.reads;
    const maxBytes = this.options.maxBytes ?? SCAN_LIMITS.bytes;
    const s = this.session;
    this.state = {
      running: true,
      startedAt: new Date().toISOString(),
      total: 0,
      reads: 0,
      bytes: 0,
      stopped: false,
    };
    if (!s.capabilities?.resources) {
      this.state.note = "The server declares no resources capability.";
      // Hosts never ask such a server for resources; whether it has some anyway is a host problem.
      await s
        .probeUndeclaredList()
        .catch(() => undefined)
        .finally(() => s.lint.idle());
      return;
    }
    const silent = { silent: true };
    try {
      const [resources] = await Promise.all([
        this.call(() => s.listResources(true, silent)),
        // A server may have no templates list even with resources (-32601 there is a problem only
        // if declared; resources/templates/list belongs to the resources capability).
        this.call(() => s.listTemplates(true, silent)).catch(() => undefined),
      ]);
      const uris = [...new Set(resources.items.map((r) => r.uri))];
      this.state.total = Math.min(uris.length, maxReads);
      if (uris.length > maxReads) this.state.note = `Read the first ${maxReads} of ${uris.length} resources.`;
      for (const uri of uris.slice(0, maxReads)) {
        if (this.stopped) return;
        if (this.state.bytes >= maxBytes) {
          this.state.note = `Stopped reading at the ${Math.round(maxBytes / 1048576)} MB limit after ${this.state.reads} reads.`;
          break;
        }
        try {
          const result = await this.call(() => s.read(uri, true, silent));
          for (const c of result.contents) this.state.bytes += contentByteLength(c);
        } catch {
          // A failing read is judged by the linter from its error response (or is a transport failure).
        }
        this.state.reads += 1;
      }
      if (this.stopped) return;
      const first = uris[0];
      if (s.capabilities.resources.subscribe && first) {
        await this.call(() => s.probeSubscribe(first)).catch(() => undefined);
      }
      if (this.stopped) return;
      await this.probeNotFound();
      if (this.stopped || s.era !== "modern") return;
      const note = await compareWithSecondConnection(s, resources, this.abort.signal);
      if (note) this.state.note = this.state.note ? `${this.state.note} ${note}` : note;
    } catch (err) {
      if (!this.stopped)
        this.state.note = `The scan failed: ${err instanceof Error ? err.message : String(err)}`;
    } finally {
      await s.lint.idle();
    }
  }

  /** Read a URI no server has, and expect -32002 or -32602 (spec: resources#error-handling). */
  private async probeNotFound(): Promise<void> {
    const uri = `${PROBE_SCHEME}//not-found/${Date.now().toString(36)}`;
    try {
      await this.call(() => this.session.read(uri, true, { silent: true }));
      // Some servers answer anything (a catch-all template): not an error.
    } catch (err) {
      if (err instanceof McpError) this.session.lint.notFoundProbe(uri, err.code, err.message);
    }
  }
}

/** One scan at a time per session; on globalThis because every route bundle must see the same one. */
const g = globalThis as typeof globalThis & { __mcpProblemScans?: WeakMap<McpSession, ProblemScan> };
const scans = (g.__mcpProblemScans ??= new WeakMap());

export function currentScan(session: McpSession): ProblemScan | undefined {
  return scans.get(session);
}

export function startScan(session: McpSession, options?: ScanOptions): ProblemScan {
  const running = scans.get(session);
  if (running?.state.running) return running;
  const scan = new ProblemScan(session, options);
  scans.set(session, scan);
  void scan.run();
  return scan;
}
