/**
 * The references a config's strings hold — `${VAR}`, `${VAR:-default}`, `${env:VAR}`, `${input:id}`
 * and VS Code's predefined `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`,
 * `${pathSeparator}`, `${/}` (code.visualstudio.com/docs/reference/variables-reference) — and their
 * expansion where a server starts. The CLI's `--config` takes the workspace folder from the file's
 * location; a paste has none, so the page asks for it (`needsWorkspaceFolder`).
 */
import type { HttpAuthSettings, LaunchSpec } from "../launch/launch-contract";

const VARIABLE = /\$\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*|\/)(?::-([^}]*))?\}/g;

/**
 * The values of VS Code's predefined variables where a server starts (lib/ cannot ask Node): the
 * workspace folder (the one holding `.vscode/` for `.vscode/mcp.json`, else the config's folder),
 * the home folder and the path separator. One left out cannot be used there.
 */
export interface PredefinedValues {
  workspaceFolder?: string;
  userHome?: string;
  pathSeparator?: string;
}

const PREDEFINED = new Set(["workspaceFolder", "workspaceFolderBasename", "userHome", "pathSeparator", "/"]);

function predefinedValue(name: string, values: PredefinedValues): string | undefined {
  if (name === "workspaceFolderBasename")
    return values.workspaceFolder?.split(/[\\/]/).filter(Boolean).pop() ?? values.workspaceFolder;
  if (name === "/") return values.pathSeparator;
  return values[name as keyof PredefinedValues];
}

/** Names of what a value refers to. */
export function references(value: string): { variables: string[]; inputs: string[] } {
  const variables: string[] = [];
  const inputs: string[] = [];
  for (const m of value.matchAll(VARIABLE)) {
    if (m[1] === "input") inputs.push(m[2]!);
    else if (m[1] === "env" || !PREDEFINED.has(m[2]!)) variables.push(m[2]!);
  }
  return { variables, inputs };
}

/** True when `value` is made only of `${VAR}` / `${env:VAR}` references (no literal text, no input). */
export function isOnlyVariables(value: string): boolean {
  let onlyVariables = true;
  const rest = value.replace(VARIABLE, (_m, scope: string | undefined) => {
    if (scope === "input") onlyVariables = false;
    return "";
  });
  return value !== "" && rest === "" && onlyVariables;
}

export class MissingVariableError extends Error {}

/**
 * Resolve every reference in `value`. A variable without a value and without a `:-default`, or an
 * input the user did not fill in, is an error naming it — never the values around it.
 */
export function expandVariables(
  value: string,
  env: (name: string) => string | undefined,
  inputs: Readonly<Record<string, string>> = {},
  predefined: PredefinedValues = {},
): string {
  return value.replace(
    VARIABLE,
    (written: string, scope: string | undefined, name: string, fallback: string | undefined) => {
      if (scope === undefined && PREDEFINED.has(name)) {
        const v = predefinedValue(name, predefined);
        if (v !== undefined) return v;
        if (fallback !== undefined) return fallback;
        throw new MissingVariableError(
          `\${${name}} has no value here (VS Code sets it from the open folder)`,
        );
      }
      if (scope === "input") {
        if (!Object.hasOwn(inputs, name)) throw new MissingVariableError(`input "${name}" was not filled in`);
        return inputs[name]!;
      }
      const v = env(name);
      if (v !== undefined && v !== "") return v;
      if (fallback !== undefined) return fallback;
      if (v !== undefined) return v;
      throw new MissingVariableError(`environment variable ${name} is not set (referenced as ${written})`);
    },
  );
}

/** Every string of a launch through `x` (program, args, env, cwd; url, headers and OAuth client fields). */
function mapLaunch(launch: LaunchSpec, x: (v: string) => string): LaunchSpec {
  const record = (r: Record<string, string>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, x(v)]));
  if (launch.kind === "http")
    return {
      ...launch,
      url: x(launch.url),
      headers: record(launch.headers),
      ...(launch.auth ? { auth: expandAuth(launch.auth, x) } : {}),
    };
  return {
    ...launch,
    program: x(launch.program),
    args: launch.args.map(x),
    env: record(launch.env),
    ...(launch.cwd !== undefined ? { cwd: x(launch.cwd) } : {}),
  };
}

/** Every string of a launch expanded (program, args, env, cwd; url and headers). */
export function expandLaunch(
  launch: LaunchSpec,
  env: (name: string) => string | undefined,
  inputs: Readonly<Record<string, string>> = {},
  predefined: PredefinedValues = {},
): LaunchSpec {
  return mapLaunch(launch, (v) => expandVariables(v, env, inputs, predefined));
}

/** A config's OAuth client fields may be `${VAR}`s (a client secret should be). */
function expandAuth(auth: HttpAuthSettings, x: (v: string) => string): HttpAuthSettings {
  const out: HttpAuthSettings = { ...auth };
  for (const key of ["clientId", "clientSecret", "scope", "clientMetadataUrl"] as const) {
    const v = auth[key];
    if (v !== undefined) out[key] = x(v);
  }
  return out;
}

const WORKSPACE = /\$\{workspaceFolder(?:Basename)?\}/;

/** The launch refers to the workspace folder (without a `:-default`): it cannot start without one. */
export function needsWorkspaceFolder(launch: LaunchSpec): boolean {
  let found = false;
  mapLaunch(launch, (v) => {
    found ||= WORKSPACE.test(v);
    return v;
  });
  return found;
}

/** Why a server that refers to the workspace folder cannot start without one (one sentence). */
export function workspaceFolderMissing(name: string): string {
  return `"${name}" uses \${workspaceFolder}, the folder VS Code has open, and a pasted config has none: give the workspace folder to connect it.`;
}

/**
 * The launch in a workspace folder as VS Code starts it: `${workspaceFolder}` and
 * `${workspaceFolderBasename}` expanded (every other reference kept as written, so the page can
 * show it and no value from the environment is echoed), and a local server without a `cwd` run in
 * that folder. Shared by `--config FILE` (the folder from the file's location) and a paste (the
 * folder the user gave).
 */
export function inWorkspaceFolder(launch: LaunchSpec, workspaceFolder: string): LaunchSpec {
  const at = { workspaceFolder };
  const expanded = mapLaunch(launch, (value) =>
    value.replace(VARIABLE, (written: string, scope: string | undefined, name: string) =>
      scope === undefined && (name === "workspaceFolder" || name === "workspaceFolderBasename")
        ? predefinedValue(name, at)!
        : written,
    ),
  );
  return expanded.kind === "stdio" && expanded.cwd === undefined
    ? { ...expanded, cwd: workspaceFolder }
    : expanded;
}
