import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { StdioLaunch, TransportDetails } from "@/lib/api/contract";
import { LineBuffer, type DroppedLine } from "./line-buffer";
import {
  MESSAGE_TOO_LARGE,
  MessageTooLargeError,
  type ExitInfo,
  type OwnedTransport,
  type OwnedTransportOptions,
} from "./owned";
import { collectTree, killTree, killTreeSync } from "./process-tree";
import { rememberInvalidUtf8, rememberText } from "./traffic-tap";

const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
/** A response's first keys: `{"jsonrpc":"2.0","id":7,"result":` (Python SDK) or `{"result":` (TypeScript SDK). */
const RESPONSE_HEAD = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:"id"\s*:\s*${ID}\s*,\s*)?"(?:result|error)"\s*:`,
);
/** Its last key, as the TypeScript SDK writes it: `…,"jsonrpc":"2.0","id":7}`. */
const ID_TAIL = new RegExp(String.raw`,\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/** The id of the response a dropped line was, when its edges show one; else undefined. */
export function responseIdOf(dropped: DroppedLine): string | number | undefined {
  const head = RESPONSE_HEAD.exec(dropped.head);
  if (!head) return undefined;
  const raw = head[1] ?? ID_TAIL.exec(dropped.tail)?.[1];
  if (raw === undefined) return undefined;
  return JSON.parse(raw) as string | number;
}

/**
 * A stdio client transport that owns its process tree. Unlike the SDK's StdioClientTransport it
 * spawns the server as a process-group leader so close() can reap `npx`/`sh -c` grandchildren,
 * reports exit code and signal, captures stderr before the first byte can be written, and drops
 * an oversized message with the limit named instead of the SDK's generic error.
 */
export class OwnedStdioTransport implements OwnedTransport {
  readonly kind = "stdio";
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  exit: ExitInfo | null = null;
  /** Why the transport ended, when we know better than "connection closed". */
  failure: Error | null = null;

  private child: ChildProcess | null = null;
  private readonly lines: LineBuffer;
  private knownPids = new Set<number>();
  private closing: Promise<void> | null = null;
  private closedNotified = false;

  constructor(
    private readonly spec: StdioLaunch,
    private readonly options: OwnedTransportOptions,
  ) {
    this.lines = new LineBuffer(options.maxMessageBytes);
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  details(): TransportDetails {
    return { kind: "stdio", pid: this.pid };
  }

  connected(): void {
    this.snapshotTree();
  }

  async settle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.exit && this.pid !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  describeStartFailure(err: Error): string | null {
    const code = (err as NodeJS.ErrnoException).code;
    const program = this.spec.program;
    if (code === "ENOENT")
      return `Could not start "${program}": program not found (ENOENT). Check the name and PATH.`;
    if (code === "EACCES") return `Could not start "${program}": permission denied (EACCES).`;
    if (this.failure) return this.failure.message;
    if (this.exit)
      return `The server exited during initialization (${describeExit(this.exit.code, this.exit.signal)}).`;
    return null;
  }

  describeEnd(): string {
    return (
      this.failure?.message ??
      (this.exit
        ? `The server process exited (${describeExit(this.exit.code, this.exit.signal)}).`
        : "The connection to the server closed.")
    );
  }

  isSessionExpired(): boolean {
    return false;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("transport already started");
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.program, this.spec.args, {
        cwd: this.spec.cwd,
        env: { ...getDefaultEnvironment(), ...this.spec.env } as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        detached: true, // own process group: see process-tree.ts
        windowsHide: true,
      });
      this.child = child;
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => this.options.onLog(chunk));
      child.once("error", (error) => {
        this.failure ??= error;
        reject(error);
        this.onerror?.(error);
        this.notifyClosed();
      });
      child.once("spawn", () => {
        if (child.pid) this.knownPids.add(child.pid);
        resolve();
      });
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
      });
      child.once("close", () => this.notifyClosed());
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.onStdout(chunk));
    });
  }

  private onStdout(chunk: Buffer): void {
    const lines = this.lines.pushLines(chunk);
    for (const { text: line, utf8, dropped } of lines) {
      if (dropped) {
        this.onDropped(dropped);
        continue;
      }
      if (line.trim() === "") continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        // Non-JSON on stdout: report it, keep the session (servers do print junk).
        this.options.onStrayLine?.(line);
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      rememberText(message, line);
      if (!utf8) rememberInvalidUtf8(message);
      this.onmessage?.(message);
    }
  }

  /**
   * A message over the limit was dropped (its bytes never held): said in the server's log, and when
   * its edges show it is a response, the request it answers fails with the limit named (413 in the
   * routes) while the session goes on. Before, the session was closed, the tail of the message
   * became a false "stdout is not JSON-RPC" problem, and `lint` skipped what followed.
   */
  private onDropped(dropped: DroppedLine): void {
    const max = this.options.maxMessageBytes;
    const limit =
      max >= 1024 * 1024 ? `${Math.round(max / (1024 * 1024))} MB` : `${max.toLocaleString("en")}-byte`;
    const said = `The server sent a message of ${dropped.bytes.toLocaleString("en")} bytes, larger than the ${limit} limit (MCP_INSPECTOR_MAX_MESSAGE_BYTES); it was dropped and the session goes on.`;
    this.options.onLog(`[inspector] ${said}\n`);
    const id = responseIdOf(dropped);
    if (id === undefined) {
      this.onerror?.(new MessageTooLargeError(said));
      return;
    }
    const answer: JSONRPCMessage = {
      jsonrpc: "2.0",
      id,
      error: {
        code: -32603,
        message: said,
        data: { inspector: MESSAGE_TOO_LARGE, bytes: dropped.bytes, limit: this.options.maxMessageBytes },
      },
    };
    this.onmessage?.(answer);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || this.closing) return Promise.reject(new Error("Not connected"));
    const json = serializeMessage(message);
    return new Promise((resolve, reject) => {
      const ok = stdin.write(json, (err) => {
        if (err) reject(err);
      });
      if (ok) resolve();
      else stdin.once("drain", () => resolve());
    });
  }

  /** Remember the pids of the tree while the root is alive, so reparented grandchildren are found. */
  snapshotTree(): void {
    const pid = this.child?.pid;
    if (!pid || this.exit) return;
    for (const p of collectTree(pid)) this.knownPids.add(p);
  }

  /** Idempotent: end stdin, give the server a moment, then reap the whole tree. */
  close(): Promise<void> {
    this.closing ??= this.doClose();
    return this.closing;
  }

  private async doClose(): Promise<void> {
    const child = this.child;
    if (child?.pid) {
      this.snapshotTree();
      const exited = new Promise<void>((r) =>
        this.exit || child.exitCode !== null ? r() : child.once("exit", () => r()),
      );
      try {
        child.stdin?.end();
      } catch {
        // stdin already gone
      }
      // Well-behaved servers exit on stdin EOF; don't wait long for the rest.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 300).unref())]);
      await killTree(child.pid, this.knownPids);
    }
    this.lines.clear();
    this.notifyClosed();
  }

  killSync(): void {
    const pid = this.child?.pid;
    if (pid) killTreeSync(pid, this.knownPids);
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onclose?.();
  }
}

export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `killed by signal ${signal}`;
  if (code !== null) return `exit code ${code}`;
  return "exit status unknown";
}
