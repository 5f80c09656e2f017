import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseCommandLine } from "@/lib/launch/command-line";
import type { CommandSpec, CompareResponse, FileWatchStatus, ReadResponse } from "@/lib/api/contract";
import type { ServerState } from "@/lib/capture/state";
import { compareSide, diffStates, stateForCompare } from "@/server/capture/compare";
import { RestartNotSupportedError, WatchPathError } from "../session-errors";
import { FileWatcher } from "./file-changes";
import type { FileWatchControl, McpSession } from "../session";
import { describeExit } from "../transports/stdio";
import { killTree, killTreeSync } from "../transports/process-tree";

/** A build that has not finished after this long is killed and counts as failed. */
const BUILD_TIMEOUT_MS = 5 * 60_000;

export interface RestartOnChangeOptions {
  path: string;
  build?: string;
  debounceMs?: number;
  /** Compare each restart's state with the one before it (off by default). */
  compareLastBuild?: boolean;
}

/**
 * Watch mode for a stdio server (issue 11): on a debounced change under `path`, run the build (if
 * any; no shell, output into the server's stderr panel; a failure keeps the old server running),
 * then `session.restart()`, then re-read the resources the user had open and announce the ones
 * whose bytes changed. Changes during a build or restart coalesce into exactly one more cycle.
 */
export class RestartOnChange implements FileWatchControl {
  private readonly watcher: FileWatcher;
  private readonly build: CommandSpec | null;
  private readonly buildLine: string | null;
  private state: FileWatchStatus["state"] = "watching";
  private restarts = 0;
  private lastRestart: FileWatchStatus["lastRestart"] = null;
  private lastError: string | null = null;
  private pending: Set<string> | null = null;
  private running: Promise<void> | null = null;
  private buildChild: ChildProcess | null = null;
  private stopped = false;
  private compareLastBuild = false;
  /** The last rebuild compared with the build before it; only the last is kept, in memory. */
  private lastDiff: CompareResponse | null = null;

  private constructor(
    private readonly session: McpSession,
    readonly path: string,
    private readonly isDirectory: boolean,
    build: string | undefined,
    debounceMs: number | undefined,
  ) {
    this.buildLine = build?.trim() ? build.trim() : null;
    // Throws CommandLineError (a 400) for shell syntax, as a pasted launch does.
    this.build = this.buildLine ? parseCommandLine(this.buildLine) : null;
    this.watcher = new FileWatcher(
      path,
      (paths) => this.changed(paths),
      (err) => this.fail(`Stopped watching ${path}: ${err.message}`),
      debounceMs === undefined ? {} : { debounceMs },
    );
  }

  /** Validate, start watching and attach to the session (replacing an earlier watch mode). */
  static async start(session: McpSession, options: RestartOnChangeOptions): Promise<RestartOnChange> {
    // The row says whether it restarts; the launch's shape holds the process's folder.
    if (!session.abilities.restart || session.launch.kind !== "stdio")
      throw new RestartNotSupportedError(session.name);
    const base = session.launch.cwd ?? process.cwd();
    const target = path.resolve(base, options.path);
    // A user's path: turbopackIgnore keeps Next's tracing from copying the whole project.
    const info = await stat(/* turbopackIgnore: true */ target).catch(() => null);
    if (!info) throw new WatchPathError(`${target} does not exist.`);
    if (!info.isDirectory() && !info.isFile())
      throw new WatchPathError(`${target} is neither a directory nor a file.`);
    const control = new RestartOnChange(
      session,
      target,
      info.isDirectory(),
      options.build,
      options.debounceMs,
    );
    try {
      control.compareLastBuild = Boolean(options.compareLastBuild);
      await control.watcher.start();
    } catch (err) {
      await control.stop();
      throw new WatchPathError(err instanceof Error ? err.message : String(err));
    }
    await session.setFileWatch(control);
    return control;
  }

  status(): FileWatchStatus {
    return {
      path: this.path,
      build: this.buildLine,
      state: this.state,
      restarts: this.restarts,
      lastRestart: this.lastRestart,
      lastError: this.lastError,
      compareLastBuild: this.compareLastBuild,
      lastBuildDiff: this.lastDiff ? { at: this.lastDiff.at, changes: this.lastDiff.changes } : null,
    };
  }

  /** "Compare with the last build" on or off; off forgets the last comparison. */
  setCompareLastBuild(on: boolean): void {
    this.compareLastBuild = on;
    if (!on) this.lastDiff = null;
    this.setState(this.state);
  }

  /** The last rebuild compared with the build before it; null before the first (or when off). */
  lastBuildDiff(): CompareResponse | null {
    return this.lastDiff;
  }

  /** Resolves once the current cycle (if any) has finished; for tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private changed(paths: string[]): void {
    if (this.stopped) return;
    this.pending ??= new Set();
    for (const p of paths) this.pending.add(p);
    this.running ??= this.loop().finally(() => (this.running = null));
  }

  private async loop(): Promise<void> {
    while (this.pending && !this.stopped) {
      const paths = [...this.pending];
      this.pending = null;
      await this.cycle(describeCause(paths));
    }
  }

  private async cycle(cause: string): Promise<void> {
    if (this.build) {
      this.setState("building");
      this.session.note(`[inspector] ${cause} changed; building: ${this.buildLine}\n`);
      const failure = await this.runBuild(this.build);
      if (this.stopped) return;
      if (failure) {
        this.fail(`Build failed (${failure}) after a change to ${cause}; the previous server keeps running.`);
        return;
      }
    }
    this.setState("restarting");
    this.session.note(`[inspector] ${cause} changed; restarting the server\n`);
    const opened = await this.readOpened();
    const before = this.compareLastBuild ? await this.snapshot(opened) : null;
    try {
      await this.session.restart();
    } catch (err) {
      if (!this.stopped)
        this.fail(
          `Restart after a change to ${cause} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      return;
    }
    if (this.stopped) return;
    await this.rereadOpened(opened);
    if (before && this.compareLastBuild && !this.stopped) await this.compareWith(before, opened);
    if (this.stopped) return;
    this.restarts++;
    this.lastRestart = { at: new Date().toISOString(), cause };
    this.lastError = null;
    this.setState("watching");
  }

  /**
   * What the old server serves for the resources the user read lately (watched ones keep their
   * own versions): the baseline a re-read after the restart is compared with. null: unreadable.
   */
  private async readOpened(): Promise<Map<string, string | null>> {
    const opened = new Map<string, string | null>();
    for (const uri of this.session.recentReads()) {
      if (this.session.watches.has(uri)) continue;
      const result = await this.session.read(uri, true, { silent: true }).catch(() => null);
      opened.set(uri, result ? digest(result) : null);
    }
    return opened;
  }

  /** Re-read what the user had open on the new server; announce what differs. */
  private async rereadOpened(opened: Map<string, string | null>): Promise<void> {
    for (const [uri, before] of opened) {
      const result = await this.session.read(uri, true, { silent: true }).catch(() => null);
      // Gone from the new server: the list diff says so.
      if (result && digest(result) !== before) this.session.announceUpdated(uri);
    }
  }

  /**
   * The session's state for "compare with the last build": its listings, and the reads of what the
   * user had open (just re-read) and watches (their latest version). Older entries of the read log
   * are left out on both sides: the new server was not asked for them, so "unchanged" would be a guess.
   */
  private async snapshot(opened: Map<string, string | null>): Promise<ServerState | null> {
    const uris = new Set([...opened.keys(), ...this.session.watches.keys()]);
    for (const uri of this.session.watches.keys())
      await this.session.read(uri, false, { silent: true }).catch(() => null);
    try {
      const state = await stateForCompare(this.session);
      return { ...state, reads: state.reads.filter((r) => uris.has(r.uri)) };
    } catch (err) {
      this.session.note(
        `[inspector] Could not take the state to compare with the next build: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return null;
    }
  }

  private async compareWith(before: ServerState, opened: Map<string, string | null>): Promise<void> {
    const after = await this.snapshot(opened);
    if (!after || this.stopped || !this.compareLastBuild) return;
    const side = compareSide(this.session);
    const diff = await diffStates(before, after);
    if (this.stopped || !this.compareLastBuild) return;
    this.lastDiff = { before: side, after: side, at: new Date().toISOString(), ...diff };
    this.session.buildCompared(this.lastDiff.changes);
  }

  /** null on success, else why it failed ("exit code 2"). */
  private runBuild(spec: CommandSpec): Promise<string | null> {
    const cwd = this.watchedDir();
    return new Promise((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn(spec.program, spec.args, {
          cwd,
          env: {
            ...getDefaultEnvironment(),
            ...(this.session.launch.kind === "stdio" ? this.session.launch.env : {}),
            ...spec.env,
          } as NodeJS.ProcessEnv,
          stdio: ["ignore", "pipe", "pipe"],
          shell: false,
          detached: true, // own process group, so stop() reaps what the build started
          windowsHide: true,
        });
      } catch (err) {
        resolve(err instanceof Error ? err.message : String(err));
        return;
      }
      this.buildChild = child;
      const timer = setTimeout(() => {
        if (child.pid) void killTree(child.pid);
      }, BUILD_TIMEOUT_MS);
      const log = (chunk: Buffer) => this.session.note(chunk.toString("utf8"));
      child.stdout?.on("data", log);
      child.stderr?.on("data", log);
      child.once("error", (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        this.buildChild = null;
        resolve(err.code === "ENOENT" ? `"${spec.program}" not found` : err.message);
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        this.buildChild = null;
        resolve(code === 0 ? null : describeExit(code, signal));
      });
    });
  }

  /** The build runs in the watched folder (a watched file's folder). */
  private watchedDir(): string {
    return this.isDirectory ? this.path : path.dirname(this.path);
  }

  private fail(message: string): void {
    this.lastError = message;
    this.session.note(`[inspector] ${message}\n`);
    this.setState("watching");
  }

  private setState(state: FileWatchStatus["state"]): void {
    this.state = state;
    if (!this.stopped) this.session.fileWatchChanged();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.pending = null;
    this.watcher.close();
    const build = this.buildChild;
    if (build?.pid) await killTree(build.pid, [], 1_000);
  }

  killSync(): void {
    const pid = this.buildChild?.pid;
    if (pid) killTreeSync(pid);
  }
}

function describeCause(paths: string[]): string {
  const first = paths[0] ?? "a file";
  return paths.length > 1 ? `${first} and ${paths.length - 1} more` : first;
}

function digest(result: ReadResponse): string {
  return createHash("sha256").update(JSON.stringify(result.contents)).digest("hex");
}

/**
 * Where the control starts: the folder of the server's script when the launch's first operand is
 * a file (`node build/index.js` → `build/`), else the server's working directory.
 */
export async function suggestWatchPath(session: McpSession): Promise<string | null> {
  const launch = session.launch;
  if (launch.kind !== "stdio") return null;
  const cwd = launch.cwd ?? process.cwd();
  const operand = launch.args.find((a) => !a.startsWith("-"));
  if (operand) {
    const file = path.resolve(cwd, operand);
    const info = await stat(/* turbopackIgnore: true */ file).catch(() => null);
    if (info?.isFile()) return path.dirname(file);
  }
  return cwd;
}
