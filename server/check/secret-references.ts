import "server-only";
import path from "node:path";
import type { LaunchSpec } from "@/lib/api/contract";
import type { ServerLaunch } from "@/lib/check/schema";
import { SECRET_HEADER, SECRET_NAME } from "@/lib/launch/secret-names";
import { demoLaunch } from "@/server/mcp/launch";

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The inspector's own settings (its token among them): never a value a check can ask for. */
export const INSPECTOR_VAR = /^MCP_INSPECTOR_/;

export class MissingEnvError extends Error {}

const ORIGIN = Symbol("where ${VAR} values come from");

/**
 * Values for `${VAR}` references that also know where a missing one may come from, for the error
 * (the runner passes `vars` through as it gets them). Own properties only: `${toString}` must not
 * find Object.prototype's.
 */
export function checkVars(
  values: Record<string, string | undefined>,
  from: string,
): Record<string, string | undefined> {
  const vars = Object.assign(Object.create(null) as Record<string, string | undefined>, values);
  return Object.defineProperty(vars, ORIGIN, { value: from, enumerable: false });
}

/**
 * Resolve `${VAR}` references from `vars`; a missing variable is an error naming it and, when
 * given, where such a value may come from (`from`). `MCP_INSPECTOR_*` names never resolve.
 */
export function resolveRefs(
  value: string,
  vars: Record<string, string | undefined>,
  from: string | undefined = (vars as { [ORIGIN]?: string })[ORIGIN],
): string {
  return value.replace(REF, (_m, name: string) => {
    if (INSPECTOR_VAR.test(name))
      throw new MissingEnvError(
        `\${${name}} cannot be used in a check: MCP_INSPECTOR_* variables are the inspector's own settings`,
      );
    const v = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (v === undefined)
      throw new MissingEnvError(
        `environment variable ${name} is not set (referenced as \${${name}})${from ? `; ${from}` : ""}`,
      );
    return v;
  });
}

/**
 * The exact launch for a check's server: a spawn spec (cwd relative to the check file's folder)
 * or a URL with its headers, every `${VAR}` resolved.
 */
export function launchFor(
  server: ServerLaunch,
  checkDir: string,
  vars: Record<string, string | undefined>,
): LaunchSpec {
  const launch = launchOnly(server, checkDir, vars);
  // The era it was recorded in: a check replays in it (issue 15).
  return server.era ? { ...launch, era: server.era } : launch;
}

function launchOnly(
  server: ServerLaunch,
  checkDir: string,
  vars: Record<string, string | undefined>,
): LaunchSpec {
  const resolve = (v: string) => resolveRefs(v, vars);
  if ("url" in server)
    return {
      kind: "http",
      url: resolve(server.url),
      transport: server.transport,
      headers: Object.fromEntries(Object.entries(server.headers).map(([k, v]) => [k, resolve(v)])),
    };
  const env = Object.fromEntries(Object.entries(server.env).map(([k, v]) => [k, resolve(v)]));
  if ("preset" in server) return demoLaunch(env);
  return {
    kind: "stdio",
    program: resolve(server.command),
    args: server.args.map(resolve),
    env,
    cwd: path.resolve(checkDir, server.cwd ? resolve(server.cwd) : "."),
  };
}

/** Replace every env value by a `${NAME}` reference when it looks secret (all of them by default). */
export function referenceEnv(env: Record<string, string>, all = false): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, all || SECRET_NAME.test(k) ? `\${${k}}` : v]),
  );
}

/**
 * Header values that look like secrets become `${VAR}` references (the variable named after the
 * header: `Authorization` → `${AUTHORIZATION}`, `X-Api-Key` → `${X_API_KEY}`); others stay.
 */
export function referenceHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? `\${${headerVar(k)}}` : v]),
  );
}

/**
 * A URL as it may be kept or shown: a secret-looking query parameter's value as a reference
 * (`?api_key=${API_KEY}`), a userinfo password as `${URL_PASSWORD}`. Not a URL: as it is.
 */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (u.password) {
    u.password = "${URL_PASSWORD}";
    changed = true;
  }
  for (const [name] of [...u.searchParams]) {
    if (!SECRET_NAME.test(name)) continue;
    u.searchParams.set(name, `\${${headerVar(name)}}`);
    changed = true;
  }
  return changed ? u.toString().replace(/(?:%24|\$)%7B([A-Z0-9_]+)%7D/g, "${$1}") : url;
}

/** What `redactUrl` hides, as the URL spells it and decoded: to redact the same in messages. */
export function urlSecretValues(url: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const spelled = u.search
    .slice(1)
    .split("&")
    .map((pair) => pair.split("=") as [string, string?])
    .filter(([name, value]) => value && SECRET_NAME.test(decode(name)))
    .map(([, value]) => value!);
  if (u.password) spelled.push(u.password);
  return [...new Set([...spelled, ...spelled.map(decode)])];
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** The variable a header's value is referenced by in a check file. */
export function headerVar(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
}

/**
 * The values a launch's `${VAR}` references stand for, by variable name: a stdio server's env,
 * an HTTP server's secret-looking headers (what `referenceHeaders` replaced).
 */
export function launchVars(launch: LaunchSpec): Record<string, string> {
  if (launch.kind === "stdio") return { ...launch.env };
  return Object.fromEntries(
    Object.entries(launch.headers)
      .filter(([k]) => SECRET_HEADER.test(k))
      .map(([k, v]) => [headerVar(k), v]),
  );
}
