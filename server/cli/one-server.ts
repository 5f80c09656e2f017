/**
 * The one server a one-shot command (`resources`, `lint`, `hosts`) works on, from its command line:
 * a command after `--`, a URL, or `--config` with `--server`. Anything else is a usage error. And
 * how such a command reports a failure.
 */
import { resolveLaunch } from "../mcp/launch";
import { oncePrefixed, schemaFailureText } from "../mcp/session-errors";
import { parseStartArgs, UsageError } from "./args";
import { startupServers } from "./startup-servers";

export function oneServerLaunch(
  serverArgs: string[],
  usage: (message: string) => never,
): ReturnType<typeof resolveLaunch> {
  let bodies;
  try {
    // A skipped server of a config was noted on stderr; the one that can start is the one.
    bodies = startupServers(
      parseStartArgs(serverArgs),
      process.cwd(),
      (name) => process.env[name],
      (line) => console.error(line),
    ).filter((s) => !s.skipped);
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if (bodies.length !== 1)
    usage(bodies.length === 0 ? "no server given" : "give exactly one server (--server NAME with --config)");
  return resolveLaunch(bodies[0]!.body);
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
