/**
 * The servers named on the command line (a command, a URL, or `--config` with `--server`), turned
 * into `POST /api/sessions` bodies before the app starts — so a bad config stops the command with
 * one line and exit code 2 — and connected through the app's own API once it listens, so they go
 * through exactly the validation and review rules of a paste. A config's server that cannot be
 * resolved (an unset `${VAR}`, a VS Code input) is skipped with a note and the others start; only
 * a config of which nothing can start, or a `--server` naming the broken one, stops the command.
 * Every server that does not start is kept by the app (POST /api/startup), so the page shows it.
 * Not `server-only` (the launcher).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CreateSessionBody, Era, EraChoice, LaunchSpec, WatchFilesBody } from "../../lib/api/contract";
import {
  expandLaunch,
  inWorkspaceFolder,
  MissingVariableError,
  parseServerConfig,
} from "../../lib/import/server-config";
import { predefinedValues } from "../saved/workspace-folder";
import { UsageError, type StartOptions } from "./args";

export interface StartupServer {
  /** How the server is shown in the launcher's output: its name and exact command or URL. */
  label: string;
  body: CreateSessionBody;
  /** `--watch PATH` (`--watch-build`): watch mode turned on once it is connected. */
  watch?: WatchFilesBody;
  /** Why it cannot start as written (`body` then holds its references unexpanded): shown, not run. */
  skipped?: string;
}

/**
 * `${workspaceFolder}` of a config as VS Code has it: the folder opened in VS Code, which holds
 * `.vscode/` for `.vscode/mcp.json` (and `.vscode/settings.json`); for any other file its folder.
 */
export function workspaceFolderOf(file: string): string {
  const dir = path.dirname(file);
  return path.basename(dir) === ".vscode" ? path.dirname(dir) : dir;
}

export function startupServers(
  options: StartOptions,
  from: string,
  env: (name: string) => string | undefined,
  /** A server of the config that is left out, and why (one line). */
  note: (line: string) => void = () => undefined,
): StartupServer[] {
  const target = options.target;
  if (target?.kind === "command") {
    const body: CreateSessionBody = {
      command: target.program,
      args: target.args,
      env: options.env,
      cwd: path.resolve(from, options.cwd ?? "."),
      ...eraOf(options),
    };
    const watch: WatchFilesBody | undefined =
      options.watch === undefined
        ? undefined
        : {
            path: path.resolve(from, options.watch),
            ...(options.watchBuild !== undefined ? { build: options.watchBuild } : {}),
          };
    return [{ label: [target.program, ...target.args].join(" "), body, ...(watch ? { watch } : {}) }];
  }
  if (target?.kind === "url") {
    return [
      {
        label: target.url,
        body: {
          url: target.url,
          transport: options.transport ?? "auto",
          headers: options.headers,
          ...(options.auth ? { auth: options.auth } : {}),
          ...eraOf(options),
        },
      },
    ];
  }
  if (options.config === undefined) return [];
  const servers = fromConfig(path.resolve(from, options.config), options.servers, env, note).map((s) =>
    // `--era` on the command line wins over a config's `era` (auto included: it clears it).
    options.era === undefined ? s : { ...s, body: withEra(s.body, options.era) },
  );
  // `--[no-]remember` is the one OAuth option that applies to a config's remote servers too.
  const remember = options.auth?.remember;
  if (remember === undefined) return servers;
  return servers.map((s) =>
    "url" in s.body ? { ...s, body: { ...s.body, auth: { ...s.body.auth, remember } } } : s,
  );
}

/** `--era` as a body's field: absent for auto, the default. */
function eraOf(options: StartOptions): { era?: Era } {
  return options.era && options.era !== "auto" ? { era: options.era } : {};
}

function withEra(body: CreateSessionBody, era: EraChoice): CreateSessionBody {
  const { era: _old, ...rest } = body;
  return { ...rest, ...(era !== "auto" ? { era } : {}) };
}

function fromConfig(
  file: string,
  names: string[],
  env: (name: string) => string | undefined,
  note: (line: string) => void,
): StartupServer[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === "ENOENT" ? `config file not found: ${file}` : `cannot read ${file} (${code})`,
    );
  }
  const { servers, problems } = parseServerConfig(text);
  const first = problems[0];
  if (first && servers.length === 0)
    throw new UsageError(
      `${file}${first.line ? `:${first.line}:${first.column}` : ""}: ${first.path ? `${first.path}: ` : ""}${first.message}`,
    );
  const chosen = names.length > 0 ? names : servers.map((s) => s.name);
  const folder = workspaceFolderOf(file);
  const predefined = predefinedValues(folder);
  const out: StartupServer[] = [];
  for (const name of chosen) {
    const found = servers.find((s) => s.name === name);
    if (!found)
      throw new UsageError(
        `no server "${name}" in ${file}; it has: ${servers.map((s) => s.name).join(", ") || "none"}`,
      );
    if (found.inputs.length > 0) {
      const why = `server "${name}" asks for inputs (${found.inputs.map((i) => i.id).join(", ")}), which the command line cannot fill in: paste ${file} into the page, which asks for them`;
      // Named, it is what the user wanted: stop. One of every server in the file: the rest start.
      if (names.length > 0) throw new UsageError(why);
      note(`skipped ${why}`);
      out.push({ label: labelOf(name, found.launch), body: bodyOf(name, found.launch, file), skipped: why });
      continue;
    }
    let launch: LaunchSpec;
    try {
      // As VS Code starts it: a server without a cwd runs in the workspace folder.
      launch = expandLaunch(inWorkspaceFolder(found.launch, folder), env, {}, predefined);
    } catch (err) {
      if (!(err instanceof MissingVariableError)) throw err;
      const why = `server "${name}" in ${file}: ${err.message}`;
      if (names.length > 0) throw new UsageError(why);
      note(`skipped ${why}`);
      out.push({ label: labelOf(name, found.launch), body: bodyOf(name, found.launch, file), skipped: why });
      continue;
    }
    out.push({ label: labelOf(name, launch), body: bodyOf(name, launch, file) });
  }
  if (out.length > 0 && out.every((s) => s.skipped))
    throw new UsageError(`no server of ${file} can start (see above)`);
  return out;
}

function labelOf(name: string, launch: LaunchSpec): string {
  return `${name}: ${launch.kind === "http" ? launch.url : [launch.program, ...launch.args].join(" ")}`;
}

function bodyOf(name: string, launch: LaunchSpec, file: string): CreateSessionBody {
  const era = launch.era ? { era: launch.era } : {};
  return launch.kind === "http"
    ? {
        ...era,
        name,
        url: launch.url,
        transport: launch.transport,
        headers: launch.headers,
        ...(launch.auth ? { auth: launch.auth } : {}),
      }
    : {
        ...era,
        name,
        command: launch.program,
        args: launch.args,
        env: launch.env,
        // A config's relative cwd is relative to the config file.
        cwd: path.resolve(path.dirname(file), launch.cwd ?? "."),
      };
}

/**
 * Connect each server through the running app's API; failures are reported, not fatal, and the
 * app keeps them (with the skipped ones) for the page.
 */
export async function connectStartupServers(
  servers: readonly StartupServer[],
  origin: string,
  token: string,
  log: (line: string) => void,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  for (const s of servers) {
    try {
      const res = await fetch(`${origin}/api/startup`, {
        method: "POST",
        headers,
        body: JSON.stringify({ server: s.body, ...(s.skipped ? { skipped: s.skipped } : {}) }),
      });
      if (s.skipped) {
        if (!res.ok) log(`could not show ${s.label} in the page (${res.status})`);
        continue;
      }
      const answer = (await res.json()) as { id?: string; name?: string; error?: { message: string } };
      if (!res.ok || !answer.id) {
        log(`could not connect ${s.label}: ${answer.error?.message ?? res.status}`);
        continue;
      }
      log(`connected ${answer.name ?? ""} (${s.label})`);
      if (s.watch) {
        const watched = await fetch(`${origin}/api/sessions/${answer.id}/watch-files`, {
          method: "PUT",
          headers,
          body: JSON.stringify(s.watch),
        });
        const w = (await watched.json()) as { error?: { message: string } };
        log(
          watched.ok
            ? `restarting it when ${s.watch.path} changes${s.watch.build ? ` (after: ${s.watch.build})` : ""}`
            : `could not watch ${s.watch.path}: ${w.error?.message ?? watched.status}`,
        );
      }
    } catch (err) {
      log(`could not connect ${s.label}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
