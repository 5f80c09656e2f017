/**
 * Real MCP servers over real HTTP on loopback for tests: server-everything in its two HTTP modes,
 * the project's own HTTP fixtures (e2e/fixtures/servers/http-*.ts, oauth-server.ts), and any other
 * command (`startCommandHttp`: the Python SDK's server, python-server.ts).
 * Imported by Vitest and by Playwright, so Node only and no test-runner imports.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { isAbsolute, resolve } from "node:path";
import { TEST_MARK_VAR } from "./processes";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const everythingEntry = resolve(
  repoRoot,
  "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
);

const START_TIMEOUT_MS = 15_000;
const KILL_GRACE_MS = 2_000;
const OUTPUT_TAIL_CHARS = 8_192;

export interface HttpServerHandle {
  /** Where a client connects: `/mcp` or `/sse` for server-everything, the bare origin for a fixture. */
  readonly url: string;
  readonly port: number;
  /** The current process (a new one after `restart()`). */
  readonly pid: number;
  /** The last few KB of the process's stdout and stderr, interleaved. */
  output(): string;
  /** SIGTERM, SIGKILL after 2 s, resolved once the process has exited. Idempotent. */
  stop(): Promise<void>;
  /** Stop, then start the same command on the same port: every live session is gone. */
  restart(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1 (the OS picks it; we close before handing it on). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        fail(new Error("listen on 127.0.0.1:0 gave no port"));
        return;
      }
      server.close(() => done(address.port));
    });
  });
}

/**
 * server-everything over Streamable HTTP (`/mcp`) or the legacy HTTP+SSE transport (`/sse`).
 * It binds every interface and defaults to port 3001, so it always gets a free port of its own.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
  env: Record<string, string> = {},
): Promise<HttpServerHandle> {
  const path = mode === "streamableHttp" ? "/mcp" : "/sse";
  return startCommandHttp({
    args: () => [everythingEntry, mode],
    env,
    url: (port) => `http://127.0.0.1:${port}${path}`,
  });
}

/**
 * One of the project's fixture servers: `script` (absolute, or relative to the repo root) gets a free
 * `PORT` in its env and must listen on 127.0.0.1 there; `.ts` scripts run under tsx. `url` is the
 * bare origin `http://127.0.0.1:PORT`: the fixture's paths choose its behaviour.
 */
export async function startFixtureHttp(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<HttpServerHandle> {
  const file = isAbsolute(script) ? script : resolve(repoRoot, script);
  const argv = file.endsWith(".ts") ? ["--import", "tsx", file, ...args] : [file, ...args];
  return startCommandHttp({ args: () => argv, env, url: (port) => `http://127.0.0.1:${port}` });
}

/** A server process to start on a free loopback port (which it also gets as `PORT` in its env). */
export interface ServerCommand {
  /** The executable; Node by default. */
  command?: string;
  /** Its arguments, given the port it must listen on. */
  args: (port: number) => string[];
  env?: Record<string, string>;
  /** Where a client connects, given the port. */
  url: (port: number) => string;
}

/** Node's and Python's (uvicorn's) words for a port someone else bound first. */
const PORT_TAKEN = /EADDRINUSE|address already in use/i;

/**
 * Start `command` on a free port, again on another when the one found free was taken before the
 * server bound it (freePort only finds a port that was free: another process's ephemeral port,
 * such as a CLI's callback listener, can take it meanwhile). Ready once the port takes a connection.
 */
export async function startCommandHttp(command: ServerCommand): Promise<HttpServerHandle> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOnPort(command, port);
    } catch (error) {
      if (attempt >= 3 || !PORT_TAKEN.test(String((error as Error).message))) throw error;
    }
  }
}

async function startOnPort(command: ServerCommand, port: number): Promise<HttpServerHandle> {
  const executable = command.command ?? process.execPath;
  const argv = command.args(port);
  const env = command.env ?? {};
  const url = command.url(port);
  let tail = "";
  const remember = (chunk: Buffer): void => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };

  const launch = async (): Promise<ChildProcess> => {
    // The mark lets the global teardown find a server a test forgot; Playwright runs have none.
    const mark = process.env[TEST_MARK_VAR];
    const child = spawn(executable, argv, {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), ...(mark ? { [TEST_MARK_VAR]: mark } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: false,
    });
    child.stdout?.on("data", remember);
    child.stderr?.on("data", remember);
    try {
      await waitForPort(child, port);
    } catch (error) {
      await terminate(child);
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message}\ncommand: ${executable} ${argv.join(" ")}\noutput tail:\n${tail}`);
    }
    return child;
  };

  let child = await launch();
  let stopping: Promise<void> | undefined;

  const stop = (): Promise<void> => (stopping ??= terminate(child));
  return {
    url,
    port,
    get pid() {
      return child.pid ?? -1;
    },
    output: () => tail,
    stop,
    async restart() {
      await stop();
      child = await launch();
      stopping = undefined;
    },
  };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => {
      child.off("exit", onExit);
      done(false);
    }, ms);
    const onExit = (): void => {
      clearTimeout(timer);
      done(true);
    };
    child.once("exit", onExit);
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  child.kill("SIGTERM");
  if (await waitForExit(child, KILL_GRACE_MS)) return;
  child.kill("SIGKILL");
  await waitForExit(child, KILL_GRACE_MS * 2);
}

/** Poll until the port takes a TCP connection; fail early if the process exits first. */
async function waitForPort(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited(child)) {
      throw new Error(
        `server exited (code ${child.exitCode}, signal ${child.signalCode}) before listening on port ${port}`,
      );
    }
    if (await accepts(port)) return;
    if (Date.now() > deadline) {
      throw new Error(`server did not listen on 127.0.0.1:${port} within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => {
      socket.destroy();
      done(false);
    });
  });
}
