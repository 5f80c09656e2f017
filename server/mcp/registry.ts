import "server-only";
import { randomBytes } from "node:crypto";
import type { LaunchSpec } from "@/lib/api/contract";
import type { Capture } from "@/lib/capture/format";
import { httpTransportChoices } from "@/lib/launch/http-input";
import { readConfig, type McpConfig } from "./config";
import {
  LaunchRefusedError,
  SessionNotFoundError,
  SignInRequiredError,
  TooManySessionsError,
} from "./session-errors";
import { launchProblem } from "./launch";
import { EventBus } from "./event-bus";
import { McpSession, type OpenedCapture } from "./session";

/**
 * The only owner of MCP server processes. Lives on globalThis: Next bundles each route handler
 * separately, so a module-level Map would exist once per route and leak child processes.
 */
export class SessionRegistry {
  readonly events = new EventBus();
  private readonly sessions = new Map<string, McpSession>();
  private shuttingDown = false;
  /**
   * Sessions the idle reaper closed, newest last (at most MAX_CLOSED): the page shows each as a
   * card saying why, with Retry, instead of a server that silently vanished (issue 33).
   */
  private readonly closed = new Map<string, ClosedSession>();
  /** Launched by the launcher (named on the command line): they live as long as it does. */
  private readonly pinned = new Set<string>();
  /** Last moment at least one tab had the event stream open. */
  private lastTabSeenAt = Date.now();
  private readonly reaper: NodeJS.Timeout;

  constructor(private readonly config: McpConfig = readConfig()) {
    this.events.onClientCount(() => (this.lastTabSeenAt = Date.now()));
    // Sessions outlive a reload, but not every tab being gone for idleTimeoutMs: the official
    // inspector leaks stdio servers when the tab closes.
    this.reaper = setInterval(
      () => void this.reapIdle(),
      Math.min(5_000, Math.max(100, config.idleTimeoutMs / 4)),
    );
    this.reaper.unref();
  }

  /** Spawn and initialize a server. Throws SessionStartError (with stderr tail) on failure. */
  /** `listsWithin`: a connect the page asked for (McpSession.connect). */
  async create(
    launch: LaunchSpec,
    name?: string,
    preset?: "demo",
    { listsWithin, pinned }: { listsWithin?: number; pinned?: boolean } = {},
  ): Promise<McpSession> {
    if (this.shuttingDown) throw new TooManySessionsError("The inspector is shutting down.");
    const refused = launchProblem(launch);
    if (refused) throw new LaunchRefusedError(refused);
    // A capture runs nothing: it does not count against the servers running.
    const live = [...this.sessions.values()].filter(
      (s) => s.status !== "disconnected" && s.abilities.counted,
    ).length;
    if (live >= this.config.maxSessions)
      throw new TooManySessionsError(
        `Already ${live} servers running (MCP_INSPECTOR_MAX_SESSIONS=${this.config.maxSessions}); disconnect one first.`,
      );
    const id = randomBytes(9).toString("base64url");
    const session = new McpSession(id, launch, this.config, (e) => this.events.emit(e), name);
    session.preset = preset ?? null;
    this.sessions.set(id, session);
    if (pinned) this.pinned.add(id);
    try {
      await session.connect({ listsWithin });
    } catch (err) {
      // A server that wants OAuth sign-in is kept: the page sends the user to consent.
      if (err instanceof SignInRequiredError) {
        this.uniquifyName(session);
        return session;
      }
      // A server that never came up is not kept; its error is in the 502.
      this.sessions.delete(id);
      this.pinned.delete(id);
      this.events.emit({ type: "session-removed", sessionId: id });
      throw err;
    }
    this.uniquifyName(session);
    return session;
  }

  /**
   * A capture opened offline (issue 25): a session whose transport replays the file in-process,
   * under the captured launch (shown, never run) and name. Nothing is spawned or contacted.
   */
  async openCapture(
    opened: OpenedCapture,
    { listsWithin }: { listsWithin?: number } = {},
  ): Promise<McpSession> {
    if (this.shuttingDown) throw new TooManySessionsError("The inspector is shutting down.");
    // Each holds its file in memory (up to MAX_CAPTURE_JSON_BYTES): as many as servers may run.
    const open = [...this.sessions.values()].filter((s) => !s.abilities.live).length;
    if (open >= this.config.maxSessions)
      throw new TooManySessionsError(
        `Already ${open} captures open (MCP_INSPECTOR_MAX_SESSIONS=${this.config.maxSessions}); close one first.`,
      );
    const id = randomBytes(9).toString("base64url");
    const { capture } = opened;
    const session = new McpSession(
      id,
      capturedLaunch(capture),
      this.config,
      (e) => this.events.emit(e),
      capture.name.slice(0, 200) || "capture",
      undefined,
      opened,
    );
    this.sessions.set(id, session);
    try {
      await session.connect({ listsWithin });
    } catch (err) {
      this.sessions.delete(id);
      this.events.emit({ type: "session-removed", sessionId: id });
      throw err;
    }
    this.uniquifyName(session);
    return session;
  }

  /** Two servers with one name would be indistinguishable in the list (and to a screen reader). */
  private uniquifyName(session: McpSession): void {
    const taken = new Set(
      this.list()
        .filter((s) => s !== session)
        .map((s) => s.name),
    );
    if (!taken.has(session.name)) return;
    let n = 2;
    while (taken.has(`${session.name} (${n})`)) n++;
    session.rename(`${session.name} (${n})`);
  }

  get(id: string): McpSession {
    const s = this.sessions.get(id);
    if (!s) throw new SessionNotFoundError(id);
    s.touch();
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
    this.pinned.delete(id);
    this.events.emit({ type: "session-removed", sessionId: id });
  }

  /** What the idle reaper closed, oldest first (GET /api/startup shows them as cards). */
  closedSessions(): ClosedSession[] {
    return [...this.closed.values()];
  }

  /** Forget a closed session's card (dismissed, or opened again). */
  forgetClosed(id: string): ClosedSession | undefined {
    const c = this.closed.get(id);
    this.closed.delete(id);
    return c;
  }

  private async reapIdle(): Promise<void> {
    const now = Date.now();
    if (this.events.clientCount > 0) {
      this.lastTabSeenAt = now;
      return;
    }
    const idle = this.config.idleTimeoutMs;
    if (now - this.lastTabSeenAt < idle) return;
    for (const s of this.list()) {
      // A capture runs nothing and a command-line server is the launcher's own: neither expires.
      if (!s.abilities.idleReap || this.pinned.has(s.id) || now - s.lastActivityAt < idle) continue;
      const reason = `Closed after ${idleWording(idle)} with no tab open, to stop its server. Retry starts it again.`;
      console.error(
        `[mcp-resource-inspector] closing idle session "${s.name}" (no tab for ${idleWording(idle)})`,
      );
      const card: ClosedSession = {
        id: s.id,
        name: s.name,
        launch: s.launch,
        preset: s.preset,
        reason,
        closedAt: new Date().toISOString(),
      };
      await this.remove(s.id).catch(() => undefined);
      while (this.closed.size >= MAX_CLOSED) this.closed.delete(this.closed.keys().next().value!);
      this.closed.set(card.id, card);
      this.events.emit({ type: "startup-failures" });
    }
  }

  async closeAll(): Promise<void> {
    this.shuttingDown = true;
    clearInterval(this.reaper);
    await Promise.allSettled([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
  }

  /** For `process.on("exit")`: synchronous SIGKILL of every tree we own. */
  killAllSync(): void {
    for (const s of this.sessions.values()) s.killSync();
  }
}

/** At most this many closed-session cards are kept (the oldest go first). */
const MAX_CLOSED = 100;

/** A session the idle reaper closed: enough to show why and to start it again. */
export interface ClosedSession {
  id: string;
  name: string;
  /** The resolved launch (values stay in the backend; the page gets names only). */
  launch: LaunchSpec;
  preset: "demo" | null;
  reason: string;
  closedAt: string;
}

function idleWording(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 120 ? `${Math.round(s / 60)} minutes` : `${s} s`;
}

/** The captured launch as a session keeps it for display (its `${NAME}` references stay as they are). */
function capturedLaunch(capture: Capture): LaunchSpec {
  const l = capture.launch;
  if (l.kind === "stdio")
    return {
      kind: "stdio",
      program: l.program,
      args: l.args,
      env: l.env,
      ...(l.cwd !== undefined ? { cwd: l.cwd } : {}),
    };
  const transport = (httpTransportChoices as readonly string[]).includes(l.transport)
    ? (l.transport as (typeof httpTransportChoices)[number])
    : "auto";
  return { kind: "http", url: l.url, transport, headers: l.headers };
}

const g = globalThis as typeof globalThis & { __mcpRegistry?: SessionRegistry };

export function getRegistry(): SessionRegistry {
  return (g.__mcpRegistry ??= new SessionRegistry());
}
