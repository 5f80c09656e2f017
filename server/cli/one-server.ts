/**
 * The one server a one-shot command (`resources`, `lint`, `hosts`) works on, from its command line:
 * a command after `--`, a URL, or `--config` with `--server`. Anything else is a usage error. And
 * how such a command reports a failure, and signs in (server/cli/sign-in.ts).
 */
import type { InspectorEvent } from "@/lib/api/events";
import { readConfig } from "../mcp/config";
import { resolveLaunch } from "../mcp/launch";
import { McpSession } from "../mcp/session";
import { oncePrefixed, schemaFailureText } from "../mcp/session-errors";
import { parseStartArgs, UsageError, type StartOptions } from "./args";
import { cliLaunch, CliSignIn } from "./sign-in";
import { startupServers } from "./startup-servers";

export function oneServerLaunch(
  serverArgs: string[],
  usage: (message: string) => never,
): ReturnType<typeof resolveLaunch> & { options: StartOptions } {
  let bodies;
  let options: StartOptions;
  try {
    // A skipped server of a config was noted on stderr; the one that can start is the one.
    options = parseStartArgs(serverArgs);
    bodies = startupServers(
      options,
      process.cwd(),
      (name) => process.env[name],
      (line) => console.error(line),
    ).filter((s) => !s.skipped);
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if (bodies.length === 0) usage("no server given");
  if (bodies.length > 1) {
    const names = bodies.map((b) => b.body.name ?? b.label);
    const shown =
      names.slice(0, 10).join(", ") + (names.length > 10 ? `, … (${names.length - 10} more)` : "");
    usage(
      `${options.config ?? "the config"} has ${names.length} servers (${shown}): pick one with --server NAME`,
    );
  }
  const resolved = resolveLaunch(bodies[0]!.body);
  // One-shot commands remember OAuth tokens unless told not to (server/cli/sign-in.ts).
  return { ...resolved, launch: cliLaunch(resolved.launch), options };
}

/** The sign-in of a one-shot command's server (`--no-open`, `--callback-port`), on stderr. */
export function oneServerSignIn(launched: ReturnType<typeof oneServerLaunch>): Promise<CliSignIn> {
  const { launch, options } = launched;
  // The command line's port, else a config's (Claude Code's oauth.callbackPort).
  const callbackPort =
    options.callbackPort ?? (launch.kind === "http" ? launch.auth?.callbackPort : undefined);
  return CliSignIn.forLaunch(launch, {
    open: options.open !== false,
    ...(callbackPort !== undefined ? { callbackPort } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
}

/**
 * The one-shot command's session over its server, signed in the launch's way, and closed on
 * Ctrl-C or SIGTERM (exit 130; `onStop` first, e.g. a scan to stop). Not connected yet:
 * `signIn.connect(session)` does that.
 */
export async function oneServerSession(
  id: string,
  launched: ReturnType<typeof oneServerLaunch>,
  options: { name?: string; emit?: (event: InspectorEvent) => void; onStop?: () => void } = {},
): Promise<{ session: McpSession; signIn: CliSignIn }> {
  const signIn = await oneServerSignIn(launched);
  const name = "name" in options ? options.name : launched.name;
  const session = new McpSession(
    id,
    launched.launch,
    readConfig(),
    options.emit ?? (() => undefined),
    name,
    signIn.route,
  );
  const stop = () => {
    options.onStop?.();
    void session.close().finally(() => process.exit(130));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { session, signIn };
}

/** What went wrong, in one line: a schema failure by its first issue, an MCP error prefixed once. */
export function failureText(err: unknown): string {
  const schema = schemaFailureText(err);
  if (schema !== null) return schema;
  const message = (err as { message?: unknown } | null)?.message;
  return oncePrefixed(typeof message === "string" ? message : String(err));
}

/** A one-shot command's end on a failure: the line, the server's last stderr lines, exit 1. */
export function reportFailure(prefix: string): (err: unknown) => void {
  return (err) => {
    process.stderr.write(`${prefix}: ${failureText(err)}\n`);
    for (const line of (err as { stderrTail?: string[] } | null)?.stderrTail ?? [])
      process.stderr.write(`  ${line}\n`);
    process.exitCode = 1;
  };
}
