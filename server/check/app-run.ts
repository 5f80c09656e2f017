import "server-only";
import path from "node:path";
import type { LaunchSpec } from "@/lib/contract";
import { HttpError } from "@/server/http/errors";
import { appRoot } from "@/server/mcp/launch";
import { CheckPathError, resolveInRoot } from "./checks-root";
import { CheckExistsError, CheckFileError, loadCheckFile, readEnvFile } from "./files";
import { MissingEnvError, SECRET_NAME, launchFor } from "./launch";
import type { CheckFileRef } from "./run-files";

/**
 * What running saved checks from the app (POST /api/checks/run) adds to the CLI's runner: files
 * only from the checks root, where a failing step can be opened afterwards, and keeping env-file
 * secrets out of what the browser gets.
 */

/** One env file outside the checks root that a run may name (exactly this path). */
export const ENV_FILE_VAR = "MCP_INSPECTOR_ENV_FILE";

/**
 * An env file a run names: exactly the file MCP_INSPECTOR_ENV_FILE gives (as written, or the same
 * path resolved against the app's folder), else a file inside the checks root. Errors name it as
 * the request did (or relative to the root) and the line, never a value.
 */
export async function readRunEnvFile(name: string): Promise<Record<string, string>> {
  const configured = process.env[ENV_FILE_VAR];
  if (
    configured &&
    (name === configured || path.resolve(appRoot(), name) === path.resolve(appRoot(), configured))
  )
    return readEnvFile(path.resolve(appRoot(), configured), name);
  try {
    const at = await resolveInRoot(name, "envFile");
    return await readEnvFile(at.real, at.rel || ".");
  } catch (err) {
    if (err instanceof CheckPathError)
      throw new CheckPathError(
        `${err.message} (env files come from the checks folder, or are the one file ${ENV_FILE_VAR} names)`,
      );
    throw err;
  }
}

/** Saved check files named relative to the checks root; only `*.check.json` inside it. */
export async function checkFilesInRoot(names: readonly string[]): Promise<CheckFileRef[]> {
  return Promise.all(
    names.map(async (name, i) => {
      const what = `files[${i}]`;
      if (!name.endsWith(".check.json")) throw new CheckPathError(`${what}: not a *.check.json file`);
      const at = await resolveInRoot(name, what);
      return { file: at.real, label: at.rel };
    }),
  );
}

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

/** Ids of the sessions that run the same launch as the check in `ref`, with `${VAR}`s resolved from `vars`. */
export async function sessionsWithLaunchOf(
  ref: CheckFileRef,
  vars: Record<string, string | undefined>,
  sessions: readonly { id: string; launch: LaunchSpec }[],
): Promise<string[]> {
  let launch: LaunchSpec;
  try {
    launch = launchFor((await loadCheckFile(ref.file, ref.label)).server, path.dirname(ref.file), vars);
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
export function redactResults<T>(results: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return results;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return secrets.reduce((s, secret) => s.split(secret).join(REDACTED), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(results) as T;
}

/** Check-file problems as the API's answers: a bad name or file is a 400, an existing file a 409. */
export async function withCheckErrors<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CheckExistsError) throw new HttpError(409, "conflict", err.message);
    if (err instanceof CheckPathError || err instanceof CheckFileError)
      throw new HttpError(400, "bad_request", err.message);
    throw err;
  }
}
