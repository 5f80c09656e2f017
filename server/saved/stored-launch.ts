import "server-only";
import type { LaunchSpec } from "@/lib/api/contract";
import { isOnlyVariables, type ConfigInput } from "@/lib/import/server-config";
import { headerVar, referenceHeaders } from "@/server/check/secret-references";

const INPUT = /\$\{input:([A-Za-z_][A-Za-z0-9_.-]*)\}/g;
const VARIABLE_NAME = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_.-]*)(?::-[^}]*)?\}/g;

/** What goes into the saved-servers file for a confirmed server, and which values it keeps. */
export interface StoredLaunch {
  launch: LaunchSpec;
  /** Environment or header names whose values are in the file (the user ticked "keep"). */
  stored: string[];
}

/**
 * The launch as the config wrote it (references unexpanded) turned into what is saved:
 * - every environment value becomes a `${NAME}` reference, and a secret-looking header's value a
 *   `${HEADER_NAME}` one (server/check/secret-references.ts's rule), unless the user asked to keep it
 *   (`keep`) — then it is stored and listed in `stored`;
 * - a value that is only references (`${GITHUB_TOKEN}`) stays as written: it holds no value;
 * - inputs the user filled in are written in, except a password input's value, which is never
 *   stored: where one is used, the value stays a reference (`${NAME}`, or `${input:id}` in an
 *   argument or URL, which then has to be given again).
 */
export function toStoredLaunch(
  launch: LaunchSpec,
  inputs: readonly ConfigInput[],
  values: Readonly<Record<string, string>>,
  keep: ReadonlySet<string>,
): StoredLaunch {
  const password = new Set(inputs.filter((i) => i.password).map((i) => i.id));
  const usesPassword = (v: string) => [...v.matchAll(INPUT)].some((m) => password.has(m[1]!));
  const fill = (v: string) =>
    v.replace(INPUT, (m, id: string) => (password.has(id) || !Object.hasOwn(values, id) ? m : values[id]!));
  const stored: string[] = [];
  const value = (name: string, v: string, secret: boolean, reference: string): string => {
    if (isOnlyVariables(v)) return v;
    if (keep.has(name) && !usesPassword(v)) {
      if (secret) stored.push(name);
      return fill(v);
    }
    return secret || usesPassword(v) ? reference : fill(v);
  };
  if (launch.kind === "http") {
    const secretHeaders = referenceHeaders(launch.headers);
    const headers = Object.fromEntries(
      Object.entries(launch.headers).map(([k, v]) => [
        k,
        value(k, v, secretHeaders[k] !== v, `\${${headerVar(k)}}`),
      ]),
    );
    const { auth: _auth, ...rest } = launch;
    return { launch: { ...rest, url: fill(launch.url), headers }, stored };
  }
  const env = Object.fromEntries(
    Object.entries(launch.env).map(([k, v]) => [k, value(k, v, true, `\${${k}}`)]),
  );
  return {
    launch: {
      ...launch,
      program: fill(launch.program),
      args: launch.args.map(fill),
      env,
      ...(launch.cwd !== undefined ? { cwd: fill(launch.cwd) } : {}),
    },
    stored: stored.sort(),
  };
}

/** The environment variables a saved launch needs when it connects, sorted. */
export function savedLaunchVariables(launch: LaunchSpec): string[] {
  const strings =
    launch.kind === "http"
      ? [launch.url, ...Object.values(launch.headers)]
      : [launch.program, ...launch.args, ...Object.values(launch.env), ...(launch.cwd ? [launch.cwd] : [])];
  const names = new Set<string>();
  for (const s of strings) for (const m of s.matchAll(VARIABLE_NAME)) names.add(m[1]!);
  return [...names].sort();
}
