import "server-only";
import path from "node:path";
import type { LaunchSpec } from "@/lib/api/contract";
import { HttpError } from "@/server/http/errors";
import { appRoot } from "@/server/mcp/launch";
import { CheckPathError, resolveInRoot } from "./checks-root";
import { CheckExistsError, CheckFileError, loadCheckFile, readEnvFile } from "./files";
import { INSPECTOR_VAR, MissingEnvError, checkVars, launchFor } from "./secret-references";
import type { CheckFileRef } from "./run-files";

/**
 * What running checks from the app (POST /api/checks/run) adds to the CLI's runner: which values
 * `${VAR}` may take (never the inspector's whole environment), where a failing step can be opened
 * afterwards, and keeping every value a check was given out of what the browser gets.
 */

/** Comma-separated names of the inspector's own environment that checks run in the app may use. */
export const CHECK_ENV_VAR = "MCP_INSPECTOR_CHECK_ENV";
/** One env file outside the checks root that a run may name (exactly this path). */
export const ENV_FILE_VAR = "MCP_INSPECTOR_ENV_FILE";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The names MCP_INSPECTOR_CHECK_ENV allows; malformed entries and MCP_INSPECTOR_* are ignored. */
export function allowedEnvNames(env: Record<string, string | undefined> = process.env): string[] {
  return (env[CHECK_ENV_VAR] ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter((n) => NAME.test(n) && !INSPECTOR_VAR.test(n));
}

function allowedEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of allowedEnvNames()) {
    const v = process.env[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

const FROM_ALLOWED = `or from the inspector's own environment if ${CHECK_ENV_VAR} lists the name`;

export interface RunVars {
  /** For the runner: resolves `${VAR}`, and an unresolved name says where it may come from. */
  vars: Record<string, string | undefined>;
  /** Every value a reference could resolve to: none of them may reach the browser. */
  values: string[];
}

/** Saved files: the env file, then the allowed names of the inspector's environment (it wins, as in the CLI). */
export function savedRunVars(fileVars: Record<string, string>): RunVars {
  const values = { ...fileVars, ...allowedEnv() };
  return {
    vars: checkVars(values, `in the app it may come from the env file ${FROM_ALLOWED}`),
    values: Object.values(values),
  };
}

/** A draft: the recorded session's environment (what the user typed), over the allowed names. */
export function draftRunVars(sessionEnv: Record<string, string>): RunVars {
  const values = { ...allowedEnv(), ...sessionEnv };
  return {
    vars: checkVars(
      values,
      `in the app a draft's may come from the recorded server's environment (run it with its sessionId) ${FROM_ALLOWED}`,
    ),
    values: Object.values(values),
  };
}

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
 * The same server: the same program, arguments and environment, or the same URL, transport and
 * headers. The working folder is left out: a check's relative `cwd` resolves against its file's
 * folder and a session's against the app's, so the same command run from either would never
 * match (the demo preset's is the app root in both).
 */
export function sameLaunch(a: LaunchSpec, b: LaunchSpec): boolean {
  if (a.kind === "http" || b.kind === "http")
    return (
      a.kind === "http" &&
      b.kind === "http" &&
      a.url === b.url &&
      a.transport === b.transport &&
      sameRecord(a.headers, b.headers)
    );
  return (
    a.program === b.program &&
    a.args.length === b.args.length &&
    a.args.every((arg, i) => arg === b.args[i]) &&
    sameRecord(a.env, b.env)
  );
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const entries = Object.entries(a);
  return (
    entries.length === Object.keys(b).length && entries.every(([k, v]) => Object.hasOwn(b, k) && b[k] === v)
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
/**
 * Values this short are redacted only as a whole word (not next to a letter, digit or "_"): a
 * variant name such as "one" must not blank "done" in every diff, and a short value inside a
 * longer word does not give it away. A single character is never redacted: it would blank that
 * character everywhere, and it is no secret anyone could keep. Longer values go wherever they occur.
 */
const WHOLE_WORD_BELOW = 8;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A function that replaces each of `values` (and its JSON-escaped form) in a string. */
export function redactor(values: Iterable<string>): (s: string) => string {
  const forms = new Set<string>();
  for (const v of values) {
    if (v.length < 2) continue;
    forms.add(v);
    // As it appears inside JSON a server or an error printed ("tool x reported an error: […]").
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  const long = sorted.filter((v) => v.length >= WHOLE_WORD_BELOW).map(escapeRegExp);
  const short = sorted.filter((v) => v.length < WHOLE_WORD_BELOW).map(escapeRegExp);
  const parts = [
    ...(long.length ? [long.join("|")] : []),
    ...(short.length ? [`(?<![A-Za-z0-9_])(?:${short.join("|")})(?![A-Za-z0-9_])`] : []),
  ];
  if (parts.length === 0) return (s) => s;
  const re = new RegExp(parts.join("|"), "g");
  return (s) => s.replace(re, REDACTED);
}

/**
 * Replace every given value in every string of the results, keys included (errors, stderr, what
 * a server answered): a server or a spawn error may echo what it was given, and the browser never
 * gets a value of an environment variable, only names.
 */
export function redactResults<T>(results: T, values: Iterable<string>): T {
  const redact = redactor(values);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
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
