import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type {
  LaunchSpec,
  ReadResponse,
  Resource,
  ResourceTemplate,
  SessionError,
  SessionStatus,
  SessionSummary,
} from "@/lib/contract";
import type { McpConfig } from "./config";
import { SessionNotConnectedError, SessionStartError } from "./errors";
import { walkPages, type PagedResult } from "./pagination";
import { StderrLog } from "./stderr-log";
import { OwnedStdioTransport } from "./stdio-transport";

const CLIENT_INFO: Implementation = { name: "mcp-resource-inspector", version: "0.1.0" };

/**
 * One live MCP server: owns its Client, transport and process tree, its stderr, and its status.
 * Transport death becomes a `disconnected` status with the reason; close() is idempotent and
 * returns once the process tree is gone.
 */
export class McpSession {
  status: SessionStatus = "connecting";
  name: string;
  serverInfo: Implementation | null = null;
  capabilities: ServerCapabilities | null = null;
  instructions: string | undefined;
  error: SessionError | undefined;
  readonly startedAt = new Date();
  connectedAt: Date | undefined;
  disconnectedAt: Date | undefined;
  readonly stderr = new StderrLog();

  private readonly client: Client;
  private readonly transport: OwnedStdioTransport;
  private closing: Promise<void> | null = null;
  private readonly nameFixed: boolean;
  private readonly listeners = new Set<(s: McpSession) => void>();

  constructor(
    readonly id: string,
    readonly launch: LaunchSpec,
    private readonly config: McpConfig,
    name?: string,
  ) {
    this.nameFixed = name !== undefined;
    this.name = name ?? deriveName(launch);
    this.client = new Client(CLIENT_INFO, { capabilities: {} });
    this.transport = new OwnedStdioTransport(launch, {
      maxMessageBytes: config.maxMessageBytes,
      onStderr: (chunk) => this.stderr.write(chunk),
    });
    this.client.onclose = () => this.onTransportClosed();
  }

  /** Observe status changes (the registry and, later, the event bus). */
  onChange(listener: (s: McpSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l(this);
  }

  async connect(): Promise<void> {
    try {
      await this.client.connect(this.transport, { timeout: this.config.connectTimeoutMs });
    } catch (cause) {
      // Let a dying process finish so its exit code and last stderr lines are known.
      await this.waitForExit(500);
      const reason = this.describeStartFailure(cause);
      this.markDisconnected(reason, true);
      await this.close();
      throw new SessionStartError(
        reason,
        this.stderr.tail(),
        this.transport.exit?.code ?? null,
        this.transport.exit?.signal ?? null,
      );
    }
    this.serverInfo = this.client.getServerVersion() ?? null;
    this.capabilities = this.client.getServerCapabilities() ?? null;
    this.instructions = this.client.getInstructions();
    if (!this.nameFixed && this.serverInfo) this.name = this.serverInfo.title || this.serverInfo.name;
    this.transport.snapshotTree();
    this.status = "connected";
    this.connectedAt = new Date();
    this.changed();
  }

  private async waitForExit(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.transport.exit && this.transport.pid !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private describeStartFailure(cause: unknown): string {
    const err = cause instanceof Error ? cause : new Error(String(cause));
    const code = (err as NodeJS.ErrnoException).code;
    const program = this.launch.program;
    if (code === "ENOENT")
      return `Could not start "${program}": program not found (ENOENT). Check the name and PATH.`;
    if (code === "EACCES") return `Could not start "${program}": permission denied (EACCES).`;
    if (this.transport.failure) return this.transport.failure.message;
    const exit = this.transport.exit;
    if (exit) return `The server exited during initialization (${describeExit(exit.code, exit.signal)}).`;
    if (/timed out/i.test(err.message))
      return `The server did not complete initialization within ${this.config.connectTimeoutMs} ms.`;
    return `Initialization failed: ${err.message}`;
  }

  private onTransportClosed(): void {
    if (this.status === "disconnected") return;
    const exit = this.transport.exit;
    const message = this.closing
      ? "Disconnected by the user."
      : (this.transport.failure?.message ??
        (exit
          ? `The server process exited (${describeExit(exit.code, exit.signal)}).`
          : "The connection to the server closed."));
    this.markDisconnected(message);
  }

  /** `overwrite` replaces an earlier, vaguer reason (e.g. "connection closed" during initialize). */
  private markDisconnected(message: string, overwrite = false): void {
    if (this.status === "disconnected" && !overwrite) return;
    const exit = this.transport.exit;
    this.status = "disconnected";
    this.disconnectedAt = new Date();
    this.error = {
      message,
      exitCode: exit?.code ?? null,
      signal: exit?.signal ?? null,
      stderrTail: this.stderr.tail(),
    };
    this.changed();
    // A crashed server may have left children behind; reap them.
    void this.transport.close();
  }

  private requireConnected(): void {
    if (this.status !== "connected") throw new SessionNotConnectedError(this.name, this.status);
  }

  private requestOptions() {
    return { timeout: this.config.requestTimeoutMs };
  }

  /** Run a request; if the transport died of a known cause, throw that instead of "connection closed". */
  private async request<T>(run: () => Promise<T>): Promise<T> {
    this.requireConnected();
    try {
      return await run();
    } catch (err) {
      throw this.transport.failure ?? err;
    }
  }

  listResources(): Promise<PagedResult<Resource>> {
    return this.request(() =>
      walkPages(async (cursor) => {
        const r = await this.client.listResources(cursor ? { cursor } : {}, this.requestOptions());
        return { items: r.resources, nextCursor: r.nextCursor };
      }, this.config.maxPages),
    );
  }

  listTemplates(): Promise<PagedResult<ResourceTemplate>> {
    return this.request(() =>
      walkPages(async (cursor) => {
        const r = await this.client.listResourceTemplates(cursor ? { cursor } : {}, this.requestOptions());
        return { items: r.resourceTemplates, nextCursor: r.nextCursor };
      }, this.config.maxPages),
    );
  }

  read(uri: string): Promise<ReadResponse> {
    return this.request(() => this.client.readResource({ uri }, this.requestOptions()));
  }

  summary(): SessionSummary {
    return {
      id: this.id,
      name: this.name,
      status: this.status,
      launch: this.launch,
      pid: this.transport.pid,
      serverInfo: this.serverInfo,
      capabilities: this.capabilities,
      protocolVersion: this.transport.protocolVersion,
      ...(this.instructions ? { instructions: this.instructions } : {}),
      startedAt: this.startedAt.toISOString(),
      ...(this.connectedAt ? { connectedAt: this.connectedAt.toISOString() } : {}),
      ...(this.disconnectedAt ? { disconnectedAt: this.disconnectedAt.toISOString() } : {}),
      ...(this.error ? { error: this.error } : {}),
    };
  }

  /** Idempotent; resolves once the server's whole process tree is gone. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.client.close();
      } finally {
        await this.transport.close();
      }
      this.markDisconnected("Disconnected by the user.");
    })();
    return this.closing;
  }

  /** Process-exit path: no awaiting possible. */
  killSync(): void {
    this.transport.killSync();
  }
}

export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `killed by signal ${signal}`;
  if (code !== null) return `exit code ${code}`;
  return "exit status unknown";
}

const LAUNCHERS = new Set(["npx", "uvx", "bunx", "pnpx", "pipx", "docker", "deno"]);
const INTERPRETERS = /^(node|nodejs|tsx|ts-node|bun|python\d*(\.\d+)?|uv|deno|ruby|php|java)$/;

/** A readable default name before the server tells us its own. */
export function deriveName(spec: LaunchSpec): string {
  const base = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
  const program = base(spec.program);
  const firstOperand = spec.args.find((a) => !a.startsWith("-"));
  if ((LAUNCHERS.has(program) || INTERPRETERS.test(program)) && firstOperand) {
    return LAUNCHERS.has(program) ? firstOperand : base(firstOperand);
  }
  return program || "server";
}
