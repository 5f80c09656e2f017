import "server-only";
import { randomBytes } from "node:crypto";
import type { LaunchSpec } from "@/lib/contract";
import { readConfig, type McpConfig } from "./config";
import { SessionNotFoundError, TooManySessionsError } from "./errors";
import { McpSession } from "./session";

/**
 * The only owner of MCP server processes. Lives on globalThis: Next bundles each route handler
 * separately, so a module-level Map would exist once per route and leak child processes.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, McpSession>();
  private shuttingDown = false;

  constructor(private readonly config: McpConfig = readConfig()) {}

  /** Spawn and initialize a server. Throws SessionStartError (with stderr tail) on failure. */
  async create(launch: LaunchSpec, name?: string): Promise<McpSession> {
    if (this.shuttingDown) throw new TooManySessionsError("The inspector is shutting down.");
    const live = [...this.sessions.values()].filter((s) => s.status !== "disconnected").length;
    if (live >= this.config.maxSessions)
      throw new TooManySessionsError(
        `Already ${live} servers running (MCP_INSPECTOR_MAX_SESSIONS=${this.config.maxSessions}); disconnect one first.`,
      );
    const id = randomBytes(9).toString("base64url");
    const session = new McpSession(id, launch, this.config, name);
    this.sessions.set(id, session);
    try {
      await session.connect();
    } catch (err) {
      // A server that never came up is not worth keeping in the list; its error is in the 502.
      this.sessions.delete(id);
      throw err;
    }
    return session;
  }

  get(id: string): McpSession {
    const s = this.sessions.get(id);
    if (!s) throw new SessionNotFoundError(id);
    return s;
  }

  list(): McpSession[] {
    return [...this.sessions.values()].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  }

  /** Close the session, wait for its process tree to be gone, forget it. */
  async remove(id: string): Promise<void> {
    const s = this.get(id);
    await s.close();
    this.sessions.delete(id);
  }

  async closeAll(): Promise<void> {
    this.shuttingDown = true;
    await Promise.allSettled([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
  }

  /** For `process.on("exit")`: synchronous SIGKILL of every tree we own. */
  killAllSync(): void {
    for (const s of this.sessions.values()) s.killSync();
  }
}

const g = globalThis as typeof globalThis & { __mcpRegistry?: SessionRegistry };

export function getRegistry(): SessionRegistry {
  return (g.__mcpRegistry ??= new SessionRegistry());
}
