/**
 * The one server a one-shot command (`resources`, `lint`, `hosts`) works on, from its command line: a
 * command after `--`, a URL, or `--config` with `--server`. Anything else is a usage error.
 */
import { resolveLaunch } from "../mcp/launch";
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
    options = parseStartArgs(serverArgs);
    bodies = startupServers(
      options,
      process.cwd(),
      (name) => process.env[name],
      (line) => console.error(line),
    );
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if (bodies.length !== 1)
    usage(bodies.length === 0 ? "no server given" : "give exactly one server (--server NAME with --config)");
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
