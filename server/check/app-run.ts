import "server-only";
import path from "node:path";
import type { LaunchSpec } from "@/lib/contract";
import type { CheckResult } from "@/lib/recorder/types";
import { CheckFileError, loadCheckFile } from "./files";
import { MissingEnvError, SECRET_NAME, launchFor } from "./launch";

/**
 * What running saved checks from the app (POST /api/checks/run) adds to the CLI's runner: where a
 * failing step can be opened afterwards, and keeping env-file secrets out of what the browser gets.
 */

/**
 * The same server: the same program, arguments and environment. The working folder is left out:
 * a check's relative `cwd` resolves against its file's folder and a session's against the app's,
 * so the same command run from either would never match (the demo preset's is the app root in both).
 */
export function sameLaunch(a: LaunchSpec, b: LaunchSpec): boolean {
  const envA = Object.entries(a.env);
  return (
    a.program === b.program &&
    a.args.length === b.args.length &&
    a.args.every((arg, i) => arg === b.args[i]) &&
    envA.length === Object.keys(b.env).length &&
    envA.every(([k, v]) => b.env[k] === v)
  );
}

/** Ids of the sessions that run the same launch as the check in `file`, with `${VAR}`s resolved from `vars`. */
export function sessionsWithLaunchOf(
  file: string,
  vars: Record<string, string | undefined>,
  sessions: readonly { id: string; launch: LaunchSpec }[],
): string[] {
  let launch: LaunchSpec;
  try {
    launch = launchFor(loadCheckFile(file).server, path.dirname(file), vars);
  } catch (err) {
    // A check that cannot be loaded or launched has no server to match; its result says why.
    if (err instanceof CheckFileError || err instanceof MissingEnvError) return [];
    throw err;
  }
  return sessions.filter((s) => sameLaunch(s.launch, launch)).map((s) => s.id);
}

const REDACTED = "[redacted]";
/** Shorter values would blank out ordinary words; they are no secret worth the name either. */
const MIN_SECRET_LENGTH = 4;

/** The values of variables whose names look secret (as the recorder decides), longest first. */
export function secretValues(vars: Record<string, string>): string[] {
  return Object.entries(vars)
    .filter(([name, value]) => SECRET_NAME.test(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
}

/**
 * Replace every secret value in every string of the results (errors, stderr, what a server
 * answered): a server or a spawn error may echo a token it was given, and the browser never
 * gets a value from an env file, only names.
 */
export function redactResults(results: CheckResult[], secrets: readonly string[]): CheckResult[] {
  if (secrets.length === 0) return results;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return secrets.reduce((s, secret) => s.split(secret).join(REDACTED), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(results) as CheckResult[];
}
