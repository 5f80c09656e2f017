import "server-only";
import type { CheckFile } from "@/lib/check/schema";
import type { McpSession } from "@/server/mcp/session";
import { appRoot } from "@/server/mcp/launch";
import { referenceEnv, referenceHeaders } from "./secret-references";

/** A recorded check's `server`: how a run starts the session's server again, secrets as ${VAR}. */
export function recordedServer(session: McpSession): CheckFile["server"] {
  const launch = session.launch;
  let server: CheckFile["server"];
  if (launch.kind === "http") {
    server = { url: launch.url, transport: launch.transport, headers: referenceHeaders(launch.headers) };
  } else {
    // Every value becomes a ${VAR} reference: a secret whose name does not look secret must not
    // leak either. Runs from the UI take the values from the session; the CLI from the env.
    const env = referenceEnv(launch.env, true);
    server = session.preset
      ? { preset: "demo", env }
      : // Absolute here; saving relativizes it to the check file's folder.
        { command: launch.program, args: launch.args, env, cwd: launch.cwd ?? appRoot() };
  }
  // The era it was recorded in, so a run speaks the same one (issue 15).
  const era = session.era;
  // The name a host's config gives it, so a run's host rules judge the same name (issue 23).
  const hostName = session.hostName;
  return { ...server, ...(hostName !== undefined ? { name: hostName } : {}), ...(era ? { era } : {}) };
}
