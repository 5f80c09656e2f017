import "server-only";
import { createSessionBodySchema, type CreateSessionBody, type LaunchSpec } from "@/lib/api/contract";
import type { ImportConnectBody, SavedServerSummary } from "@/lib/api/saved-servers";
import {
  expandLaunch,
  inWorkspaceFolder,
  MissingVariableError,
  needsWorkspaceFolder,
  parseServerConfig,
  workspaceFolderMissing,
  type ImportedServer,
} from "@/lib/import/server-config";
import { INSPECTOR_VAR } from "@/server/check/secret-references";
import { HttpError } from "@/server/http/errors";
import { parseWith } from "@/server/http/route";
import { resolveLaunch } from "@/server/mcp/launch";
import { getRegistry } from "@/server/mcp/registry";
import { FIRST_LISTS_BUDGET_MS } from "@/server/mcp/list-cache";
import { launchSummary, type McpSession } from "@/server/mcp/session";
import { savedLaunchVariables, toStoredLaunch } from "./stored-launch";
import { checkWorkspaceFolder, predefinedValues } from "./workspace-folder";
import {
  findSavedServer,
  readSavedServers,
  removeSavedServer,
  saveServer,
  SavedServerNotFoundError,
  SavedServersFileError,
} from "./saved-store";

/** `${VAR}` from the app's environment; its own MCP_INSPECTOR_* settings (the token) never. */
function appEnv(name: string): string | undefined {
  if (INSPECTOR_VAR.test(name))
    throw new MissingVariableError(
      `\${${name}} cannot be used: MCP_INSPECTOR_* variables are the inspector's own settings`,
    );
  return process.env[name];
}

/** The store's and the expansion's errors as the API answers them. */
function httpErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof MissingVariableError) throw new HttpError(400, "bad_request", err.message);
    if (err instanceof SavedServerNotFoundError) throw new HttpError(404, "not_found", err.message);
    if (err instanceof SavedServersFileError) throw new HttpError(409, "conflict", err.message);
    throw err;
  }
}

/** The expanded launch through the same validation and resolution as POST /api/sessions. */
function createBody(launch: LaunchSpec, name: string): CreateSessionBody {
  const body = {
    ...(launch.kind === "http"
      ? { url: launch.url, transport: launch.transport, headers: launch.headers, name }
      : {
          command: launch.program,
          args: launch.args,
          env: launch.env,
          ...(launch.cwd !== undefined ? { cwd: launch.cwd } : {}),
          name,
        }),
    ...(launch.era ? { era: launch.era } : {}),
  };
  return parseWith(createSessionBodySchema, body);
}

async function start(launch: LaunchSpec, name: string): Promise<McpSession> {
  const resolved = resolveLaunch(createBody(launch, name));
  return getRegistry().create(resolved.launch, resolved.name, undefined, {
    listsWithin: FIRST_LISTS_BUDGET_MS,
  });
}

/**
 * Connect one server of a pasted config the user confirmed: its `${input:id}` values from the
 * request, `${VAR}` from the app's environment, then — once it started, when the user chose to
 * save it — save it (values as references unless kept; a password input's value never). Nothing
 * is echoed but the summary.
 */
export async function connectImported(body: ImportConnectBody): Promise<McpSession> {
  const found = parseServerConfig(body.text).servers.find((s) => s.name === body.server);
  if (!found) throw new HttpError(404, "not_found", `no server named "${body.server}" in the pasted config`);
  const values = body.inputs ?? {};
  refusePasswordsInView(found);
  const written = inWorkspace(found, body.workspaceFolder);
  const launch = httpErrors(() => expandLaunch(written, appEnv, values, predefinedValues(undefined)));
  if (body.save !== true) return start(launch, found.name);
  // A corrupt saved-servers file is reported before anything starts, not after.
  httpErrors(() => readSavedServers());
  const session = await start(launch, found.name);
  // Saved with the folder written in: a saved server has no paste to ask it of again.
  const kept = toStoredLaunch(written, found.inputs, values, new Set(body.keep ?? []));
  httpErrors(() => saveServer({ name: found.name, ...kept, savedAt: new Date().toISOString() }));
  return session;
}

/**
 * The launch as VS Code would start it in the folder the user gave (checked here: absolute, an
 * existing directory). A paste has no folder of its own, and the app's folder is not the user's
 * workspace: a server that refers to `${workspaceFolder}` without one is refused, saying so.
 */
function inWorkspace(server: ImportedServer, folder: string | undefined) {
  if (folder === undefined) {
    if (needsWorkspaceFolder(server.launch))
      throw new HttpError(400, "bad_request", workspaceFolderMissing(server.name));
    return server.launch;
  }
  const checked = checkWorkspaceFolder(folder);
  if ("error" in checked) throw new HttpError(400, "bad_request", checked.error);
  return inWorkspaceFolder(server.launch, checked.path);
}

/**
 * A session shows its program, arguments, cwd and URL (env and headers by name only), so a
 * password input there would reach the page and the traffic view: refused, with where it may go.
 */
function refusePasswordsInView(server: ImportedServer): void {
  const launch = server.launch;
  const shown = launch.kind === "http" ? [launch.url] : [launch.program, ...launch.args, launch.cwd ?? ""];
  for (const input of server.inputs.filter((i) => i.password))
    if (shown.some((v) => v.includes(`\${input:${input.id}}`)))
      throw new HttpError(
        400,
        "bad_request",
        `input "${input.id}" is a password: use it in an environment variable or a header, not in the ${launch.kind === "http" ? "URL" : "command line"}, which the page shows`,
      );
}

/**
 * A pasted command or URL the user confirmed with "Save to my servers": kept once it started,
 * under the name the session got. Values stay references unless the user asked to keep them.
 */
export async function startAndSave(launch: LaunchSpec, name: string | undefined, keepValues: boolean) {
  // A corrupt saved-servers file is reported before anything starts, not after.
  httpErrors(() => readSavedServers());
  const taken = new Set(
    getRegistry()
      .list()
      .map((s) => s.name),
  );
  const session = await getRegistry().create(launch, name, undefined, { listsWithin: FIRST_LISTS_BUDGET_MS });
  // Saved under its own name, not the " (2)" the registry adds while another one runs: saving the
  // same server again replaces its entry.
  const suffixed = / \(\d+\)$/.exec(session.name);
  const base = suffixed ? session.name.slice(0, suffixed.index) : session.name;
  const savedName = suffixed && taken.has(base) ? base : session.name;
  const names = launch.kind === "http" ? Object.keys(launch.headers) : Object.keys(launch.env);
  // The folder it ran in, so relative paths still work when the app is started elsewhere.
  const where =
    launch.kind === "stdio" && launch.cwd === undefined ? { ...launch, cwd: process.cwd() } : launch;
  const kept = toStoredLaunch(where, [], {}, new Set(keepValues ? names : []));
  httpErrors(() => saveServer({ name: savedName, ...kept, savedAt: new Date().toISOString() }));
  return session;
}

/** Reconnect a saved server by name, expanding its `${VAR}` references from the app's environment. */
export async function connectSaved(name: string): Promise<McpSession> {
  const saved = httpErrors(() => findSavedServer(name));
  const launch = httpErrors(() => {
    try {
      return expandLaunch(saved.launch, appEnv, {}, predefinedValues(undefined));
    } catch (err) {
      if (err instanceof MissingVariableError && /^input /.test(err.message))
        throw new MissingVariableError(
          `${err.message}: it is a password, which is never saved — paste the config again to connect "${name}"`,
        );
      throw err;
    }
  });
  return start(launch, saved.name);
}

export function listSaved(): SavedServerSummary[] {
  return httpErrors(() => readSavedServers()).map((s) => ({
    name: s.name,
    launch: launchSummary(s.launch),
    variables: savedLaunchVariables(s.launch),
    stored: s.stored,
    savedAt: s.savedAt,
  }));
}

export function removeSaved(name: string): void {
  httpErrors(() => removeSavedServer(name));
}
