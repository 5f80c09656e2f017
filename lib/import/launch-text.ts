/**
 * A launch the page knows only as a summary (names, never values), written back as text for the
 * paste box — what "Edit" on a server that did not start opens the connect form with. A plain
 * command line or URL when that says all of it; else a one-server `mcpServers` config (the
 * import review reads it) with `${NAME}` for every value the page never saw: expanded from the
 * inspector's environment when it connects, or replaced by the user before.
 */
import type { LaunchSummary } from "../launch/launch-contract";
import { formatCommandLine } from "../launch/format-command";
import { HTTP_TRANSPORTS } from "../launch/http-input";

const REFERENCE = "${";

/** `X-Api-Key` → `X_API_KEY`: a header's value as an environment variable's name. */
const variableOf = (header: string) => header.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
const references = (names: readonly string[], as: (n: string) => string = (n) => n) =>
  Object.fromEntries(names.map((n) => [n, `\${${as(n)}}`]));

export function launchText(name: string, launch: LaunchSummary): string {
  if (launch.kind === "http") {
    if (launch.headerNames.length === 0 && launch.transport === "auto" && !launch.url.includes(REFERENCE))
      return launch.url;
    const type = (HTTP_TRANSPORTS[launch.transport].configTypes as readonly string[])[0];
    const entry = {
      ...(type ? { type } : {}),
      url: launch.url,
      ...(launch.headerNames.length > 0 ? { headers: references(launch.headerNames, variableOf) } : {}),
    };
    return JSON.stringify({ mcpServers: { [name]: entry } }, null, 2);
  }
  const words = [launch.program, ...launch.args];
  if (launch.envNames.length === 0 && launch.cwd === undefined && !words.some((w) => w.includes(REFERENCE)))
    return formatCommandLine({ program: launch.program, args: launch.args, env: {} });
  const entry = {
    command: launch.program,
    args: launch.args,
    ...(launch.envNames.length > 0 ? { env: references(launch.envNames) } : {}),
    ...(launch.cwd !== undefined ? { cwd: launch.cwd } : {}),
  };
  return JSON.stringify({ mcpServers: { [name]: entry } }, null, 2);
}
