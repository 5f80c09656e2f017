import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { LaunchSpec } from "@/lib/contract";
import { collectTree, killTree, killTreeSync } from "./process-tree";

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StdioTransportOptions {
  /** Largest single JSON-RPC message accepted from the server (bytes). */
  maxMessageBytes: number;
  /** Called for every stderr chunk from the first byte on. */
  onStderr: (chunk: string) => void;
  /** Called for every message in either direction (traffic log, protocol version). */
  onTraffic?: (direction: "in" | "out", message: JSONRPCMessage) => void;
}

export class MessageTooLargeError extends Error {}

/**
 * A stdio client transport that owns its process tree. Unlike the SDK's StdioClientTransport it
 * spawns the server as a process-group leader so close() can reap `npx`/`sh -c` grandchildren,
 * reports exit code and signal, captures stderr before the first byte can be written, and turns
 * an oversized message into a named error instead of the SDK's generic one.
 */
export class OwnedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  protocolVersion: string | null = null;
  exit: ExitInfo | null = null;
  /** Why the transport ended, when we know better than "connection closed". */
  failure: Error | null = null;

  private child: ChildProcess | null = null;
  private readonly readBuffer: ReadBuffer;
  private knownPids = new Set<number>();
  private closing: Promise<void> | null = null;
  private closedNotified = false;

  constructor(
    private readonly spec: LaunchSpec,
    private readonly options: StdioTransportOptions,
  ) {
    this.readBuffer = new ReadBuffer({ maxBufferSize: options.maxMessageBytes });
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
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
      child.stderr?.on("data", (chunk: string) => this.options.onStderr(chunk));
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
    try {
      this.readBuffer.append(chunk);
    } catch {
      const limitMb = Math.round(this.options.maxMessageBytes / (1024 * 1024));
      this.failure = new MessageTooLargeError(
        `The server sent a message larger than the ${limitMb} MB limit (MCP_INSPECTOR_MAX_MESSAGE_BYTES); the session was closed.`,
      );
      this.onerror?.(this.failure);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // Non-JSON on stdout: report it, keep the session (servers do print junk).
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) break;
      this.options.onTraffic?.("in", message);
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || this.closing) return Promise.reject(new Error("Not connected"));
    this.options.onTraffic?.("out", message);
    return new Promise((resolve, reject) => {
      const ok = stdin.write(serializeMessage(message), (err) => {
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
    this.readBuffer.clear();
    this.notifyClosed();
  }

  /** For process exit handlers, where nothing asynchronous runs. */
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
