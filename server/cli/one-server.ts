/**
 * The one server a one-shot command (`resources`, `lint`) works on, from its command line: a
 * command after `--`, a URL, or `--config` with `--server`. Anything else is a usage error.
 */
import { resolveLaunch } from "../mcp/launch";
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
