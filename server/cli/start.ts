/**
 * `npm start`: build if needed, then serve the app on 127.0.0.1 with a per-run token, and print
 * the one URL to open. Owns process-level concerns: the request gate for every request (Host,
 * Origin, token, path, body size, security headers: request-gate.ts), and reaping every MCP
 * server on SIGINT/SIGTERM/exit.
 *
 * Not `import "server-only"`: this runs under tsx outside Next's bundler; it imports lib/ and the
 * few server/http modules written to load outside Next (token.ts, limits.ts).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
// First: Node's own fetch is kept before anything loads Next (see pristine-fetch.ts).
import "../http/pristine-fetch";
import { isLoopbackName } from "../../lib/security/request-guard";
import { serveFastLane } from "../http/fast-lane";
import { buildIsCurrent } from "./build-state.mjs";
import { HELP, parseStartArgs, UsageError, type StartOptions } from "./args";
import { builtApp, nextServer, type BuiltApp } from "./next-app";
import { openBrowser, writeRedirectPage } from "./open-browser";
import { createRequestGate } from "./request-gate";
import { openStartupCaptures, readStartupCaptures, type StartupCapture } from "./startup-captures";
import { connectStartupServers, startupServers, type StartupServer } from "./startup-servers";
import { warmUp } from "./warm-up";

const root = path.resolve(import.meta.dirname, "..", "..");

function fail(message: string): never {
  console.error(`mcp-resource-inspector: ${message}`);
  process.exit(1);
}

function usage(message: string): never {
  console.error(`mcp-resource-inspector: ${message} (see --help)`);
  process.exit(2);
}

/** Build when there is no build, or when a source is newer than it (a fresh clone, a pull). */
function buildIfNeeded(app: BuiltApp): void {
  if (app.packaged || process.env.MCP_INSPECTOR_SKIP_BUILD === "1") return;
  const { built, current } = buildIsCurrent(root);
  if (current) return;
  console.error(built ? "Sources changed since the last build; rebuilding…" : "First run: building the app…");
  const r = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "inherit", "inherit"], cwd: root });
  if (r.status !== 0) fail("build failed (see above)");
}

type Registry = { closeAll(): Promise<void>; killAllSync(): void };
const registry = () => (globalThis as { __mcpRegistry?: Registry }).__mcpRegistry;

/** Listen, or say in one line why not: a port in use is the usual case (another inspector). */
async function listen(server: http.Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      usage(`port ${port} is in use on ${host}: give another with --port N, or --port 0 for a free one`);
    if (code === "EACCES")
      usage(`port ${port} needs more rights than this user has: give one above 1023, or --port 0`);
    throw err;
  }
}

/** What the command line decided, for the start itself. */
interface Start {
  app: BuiltApp;
  invokedFrom: string;
  options: StartOptions;
  servers: StartupServer[];
  host: string;
  port: number;
  token: string;
  allowRemote: boolean;
}

async function main(start: Start): Promise<void> {
  const { app, invokedFrom, options, servers, host, port, token, allowRemote } = start;
  // Before anything starts: a capture that cannot be opened is one line and exit code 2.
  let captures: StartupCapture[];
  try {
    captures = await readStartupCaptures(options.captures, invokedFrom);
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  // Before a build or Next's start (seconds): a taken port is known at once. The real listen
  // below still says the same if the port is taken in between.
  if (port !== 0) {
    const probe = http.createServer();
    await listen(probe, port, host);
    await new Promise((resolve) => probe.close(resolve));
  }
  buildIfNeeded(app);
  const nextApp = nextServer(app.dir, { hostname: host, port });
  await nextApp.prepare();
  const handle = nextApp.getRequestHandler();

  let actualPort = port;
  const gate = createRequestGate({ token, port: () => String(actualPort), allowRemote });
  const server = http.createServer((req, res) => {
    if (gate(req, res) && !serveFastLane(req, res)) void handle(req, res);
  });

  await listen(server, port, host);
  const address = server.address();
  if (address && typeof address === "object") actualPort = address.port;
  process.env.MCP_INSPECTOR_PORT = String(actualPort);
  if (allowRemote) process.env.MCP_INSPECTOR_DANGEROUSLY_ALLOW_REMOTE = "1";

  const shownHost = host.includes(":") ? `[${host}]` : host;
  // The OAuth callback's redirect_uri (server/mcp/oauth/provider.ts): the origin the user opens.
  process.env.MCP_INSPECTOR_ORIGIN = `http://${shownHost}:${actualPort}`;
  const url = `http://${shownHost}:${actualPort}/?token=${token}`;
  console.log(`mcp-resource-inspector ready: ${url}`);
  void warmUp(`http://${shownHost}:${actualPort}`, token);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping servers…`);
    server.close();
    server.closeAllConnections();
    const done = registry()?.closeAll() ?? Promise.resolve();
    const force = setTimeout(() => process.exit(1), 8_000);
    void done.finally(() => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // Whatever path ends the process, no MCP server outlives it.
  process.on("exit", () => registry()?.killAllSync());
  // For memory tests of the running app (e2e/hostile-remote.spec.ts): SIGUSR2 collects garbage
  // (under --expose-gc) and prints the heap as one line. Off unless asked for.
  if (process.env.MCP_INSPECTOR_MEMORY_SIGNAL === "1")
    process.on("SIGUSR2", () => {
      (globalThis as { gc?: () => void }).gc?.();
      console.log(`memory: ${JSON.stringify(process.memoryUsage())}`);
    });

  // Only now, with the signal handlers in place: a SIGTERM while they start must reap them too.
  await connectStartupServers(servers, `http://${shownHost}:${actualPort}`, token, (line) =>
    console.error(line),
  );
  await openStartupCaptures(captures, `http://${shownHost}:${actualPort}`, token, (line) =>
    console.error(line),
  );
  const open = options.open ?? (process.stdout.isTTY && !process.env.CI);
  if (open) {
    // The browser gets a 0600 page that leads to the URL, not the URL: argv is public (`ps`).
    const page = writeRedirectPage(url);
    process.on("exit", () => page.remove());
    openBrowser(page.fileUrl, (line) => console.error(line));
  }
}

/** The launcher, as bin.mjs runs it (from its bundle, or its source under tsx). */
export async function run(argv: string[]): Promise<void> {
  const app = builtApp(root);
  // Relative paths on the command line are the user's: `npm start` runs from the clone's folder
  // and says where the user was in INIT_CWD; the installed command runs where the user is.
  const invokedFrom = app.packaged ? process.cwd() : (process.env.INIT_CWD ?? process.cwd());
  // The installed package stays where the user is: servers typed in the page start there, and the
  // package's own folder (maybe read-only, shared by every npx run) is never written in.
  if (!app.packaged) process.chdir(root);

  let options: StartOptions;
  let servers: StartupServer[];
  try {
    options = parseStartArgs(argv);
    servers = startupServers(
      options,
      invokedFrom,
      (name) => process.env[name],
      (line) => console.error(line),
    );
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if (options.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (options.version) {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    console.log(pkg.version);
    process.exit(0);
  }

  const host = options.host ?? process.env.MCP_INSPECTOR_HOST ?? "127.0.0.1";
  const allowRemote = process.env.MCP_INSPECTOR_DANGEROUSLY_ALLOW_REMOTE === "1";
  if (!isLoopbackName(host.toLowerCase()) && !allowRemote) {
    fail(
      `refusing to listen on ${host}: this app runs commands, so it binds loopback only. ` +
        `Set MCP_INSPECTOR_DANGEROUSLY_ALLOW_REMOTE=1 to override (anyone who can reach the port and has the token can run programs).`,
    );
  }
  const port = options.port ?? Number(process.env.PORT ?? 6280);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`PORT must be 0..65535, got ${process.env.PORT}`);

  const token = process.env.MCP_INSPECTOR_TOKEN || randomBytes(32).toString("base64url");
  process.env.MCP_INSPECTOR_TOKEN = token;
  // Nothing phones home: Next's telemetry is off for the build and the server.
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  process.env.MCP_INSPECTOR_ROOT = root;
  // Checks are the user's files: from the package, `./mcp-checks` where it was started.
  if (app.packaged) process.env.MCP_INSPECTOR_CHECKS_DIR ??= path.join(invokedFrom, "mcp-checks");

  await main({ app, invokedFrom, options, servers, host, port, token, allowRemote }).catch((err: unknown) =>
    fail(err instanceof Error ? (err.stack ?? err.message) : String(err)),
  );
}
