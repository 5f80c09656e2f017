import "server-only";
import path from "node:path";
import type { LaunchSpec } from "@/lib/contract";
import type { ServerLaunch } from "@/lib/check/schema";
import { demoLaunch } from "@/server/mcp/launch";

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export class MissingEnvError extends Error {}

/** Resolve `${VAR}` references from `vars`; a missing variable is an error naming it. */
export function resolveRefs(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(REF, (_m, name: string) => {
    const v = vars[name];
    if (v === undefined)
      throw new MissingEnvError(`environment variable ${name} is not set (referenced as \${${name}})`);
    return v;
  });
}

/** The exact spawn spec for a check's server; cwd is relative to the check file's folder. */
export function launchFor(
  server: ServerLaunch,
  checkDir: string,
  vars: Record<string, string | undefined>,
): LaunchSpec {
  const env = Object.fromEntries(Object.entries(server.env).map(([k, v]) => [k, resolveRefs(v, vars)]));
  if ("preset" in server) return demoLaunch(env);
  return {
    program: resolveRefs(server.command, vars),
    args: server.args.map((a) => resolveRefs(a, vars)),
    env,
    cwd: path.resolve(checkDir, server.cwd ? resolveRefs(server.cwd, vars) : "."),
  };
}

/** Names that look like secrets never go into a check file as values. */
export const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|AUTH|CREDENTIAL|COOKIE|SESSION|PRIVATE)/i;

/** Replace every env value by a `${NAME}` reference when it looks secret (all of them by default). */
export function referenceEnv(env: Record<string, string>, all = false): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, all || SECRET_NAME.test(k) ? `\${${k}}` : v]),
  );
}
