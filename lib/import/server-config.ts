/**
 * The server configs users already have, read into launches: the `mcpServers` shape (Claude
 * Desktop, Cursor, Windsurf, Claude Code's `.mcp.json`, Gemini CLI's `settings.json` with `url` /
 * `httpUrl`), VS Code's `servers` with `inputs` (also nested under `"mcp"` in its settings), or a
 * bare command line or URL. Comments and trailing commas are accepted (VS Code writes JSONC).
 *
 * Nothing is expanded here: `${VAR}`, `${VAR:-default}`, `${env:VAR}` and `${input:id}` stay as
 * written in the launch (so no secret from the environment is ever echoed), and each server says
 * which variables and inputs it uses. `expandVariables` (./variables.ts) resolves them where the
 * server is started, with VS Code's predefined variables in every shape: VS Code reads
 * `mcpServers` files too, and no host sets environment variables of those names, so a Claude Code
 * config loses nothing.
 */
import { CommandLineError, parseCommandLine } from "../launch/command-line";
import type { Era, HttpAuthSettings, HttpTransportChoice, LaunchSpec } from "../launch/launch-contract";
import { references } from "./variables";
import { SERVER_URL_START, transportOfConfigType, transportUrlProblem } from "../launch/http-input";
import { startsWithJsoncObject } from "../json/json-gap";
import {
  lineAndColumn,
  parseJsonWithPositions,
  type JsonValue,
  type PositionedJson,
} from "../json/json-scan";

export {
  expandLaunch,
  expandVariables,
  inWorkspaceFolder,
  isOnlyVariables,
  MissingVariableError,
  needsWorkspaceFolder,
  workspaceFolderMissing,
  type PredefinedValues,
} from "./variables";

export interface ConfigInput {
  id: string;
  description?: string;
  /** The value is a secret: the page masks it. */
  password: boolean;
}

export interface ImportedServer {
  name: string;
  /** Exactly what would run, with variable references unexpanded. */
  launch: LaunchSpec;
  /** Environment variables the launch refers to (`${VAR}`, `${env:VAR}`), by name. */
  usedVariables: string[];
  /** VS Code inputs (`${input:id}`) the user is asked for before it starts. */
  inputs: ConfigInput[];
}

export interface ConfigProblem {
  /** Where in the config, e.g. `mcpServers.github.args[1]` ("" for the whole text). */
  path: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ParsedConfig {
  servers: ImportedServer[];
  problems: ConfigProblem[];
}

export function parseServerConfig(text: string): ParsedConfig {
  const trimmed = text.trim();
  if (trimmed === "") return { servers: [], problems: [{ path: "", message: "nothing to import" }] };
  if (!startsWithJsoncObject(text)) return parseSingle(trimmed);
  // A config is a few levels deep; a pasted "[[[[…" is refused at 64.
  const parsed = parseJsonWithPositions(text, { jsonc: true, maxDepth: 64 });
  if ("error" in parsed) {
    const at = lineAndColumn(text, parsed.error.offset);
    return {
      servers: [],
      problems: [{ path: "", ...at, message: `not valid JSON: ${parsed.error.reason}` }],
    };
  }
  return new ConfigReader(text, parsed).read();
}

function parseSingle(line: string): ParsedConfig {
  if (SERVER_URL_START.test(line) && !/\s/.test(line)) {
    const launch: LaunchSpec = { kind: "http", url: line, transport: "auto", headers: {} };
    return { servers: [server(hostName(line), launch)], problems: [] };
  }
  try {
    const spec = parseCommandLine(line);
    return {
      servers: [server(spec.program.split(/[\\/]/).pop() || "server", { kind: "stdio", ...spec })],
      problems: [],
    };
  } catch (err) {
    if (err instanceof CommandLineError)
      return { servers: [], problems: [{ path: "", message: err.message }] };
    throw err;
  }
}

function hostName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "server";
  }
}

function server(name: string, launch: LaunchSpec, inputs: readonly ConfigInput[] = []): ImportedServer {
  const strings =
    launch.kind === "http"
      ? [
          launch.url,
          ...Object.values(launch.headers),
          ...[launch.auth?.clientId, launch.auth?.clientSecret, launch.auth?.scope].filter(
            (v): v is string => v !== undefined,
          ),
        ]
      : [launch.program, ...launch.args, ...Object.values(launch.env), ...(launch.cwd ? [launch.cwd] : [])];
  const variables = new Set<string>();
  const used = new Set<string>();
  for (const s of strings) {
    const r = references(s);
    r.variables.forEach((v) => variables.add(v));
    r.inputs.forEach((i) => used.add(i));
  }
  const known = new Map(inputs.map((i) => [i.id, i]));
  return {
    name,
    launch,
    usedVariables: [...variables].sort(),
    inputs: [...used].map((id) => known.get(id) ?? { id, password: false }),
  };
}

type Json = JsonValue;

class ConfigReader {
  readonly servers: ImportedServer[] = [];
  readonly problems: ConfigProblem[] = [];

  constructor(
    private readonly text: string,
    private readonly parsed: PositionedJson,
  ) {}

  /** Located at the field, or at the nearest enclosing value when the field is missing. */
  private problem(path: string, message: string): void {
    let near = path;
    while (near && !this.parsed.at.has(near)) near = near.replace(/(\.[^.[]*|\[\d+\])$/, "");
    const offset = this.parsed.at.get(near);
    this.problems.push({ path, ...(offset !== undefined ? lineAndColumn(this.text, offset) : {}), message });
  }

  read(): ParsedConfig {
    const root = this.parsed.value;
    if (!isObject(root)) {
      this.problem("", "expected an object with mcpServers or servers");
      return this.result();
    }
    const mcp = isObject(root.mcp) ? root.mcp : null;
    const groups: [string, Json | undefined, Json | undefined][] = [
      ["mcpServers", root.mcpServers, undefined],
      ["servers", root.servers, root.inputs],
      ["mcp.servers", mcp?.servers, mcp?.inputs],
    ];
    let found = false;
    for (const [path, group, inputs] of groups) {
      if (group === undefined) continue;
      found = true;
      if (!isObject(group)) {
        this.problem(path, "expected an object of servers by name");
        continue;
      }
      const known = this.inputs(inputs, path.replace(/servers$/, "inputs"));
      for (const [name, entry] of Object.entries(group)) this.entry(`${path}.${name}`, name, entry, known);
    }
    if (!found) {
      // `claude mcp add-json` takes one server object; docs often show a bare map of them.
      if (isServerEntry(root)) this.entry("", "server", root, []);
      else if (Object.keys(root).length > 0 && Object.values(root).every(isServerEntry))
        for (const [name, entry] of Object.entries(root)) this.entry(name, name, entry, []);
      else this.problem("", 'no servers found: expected "mcpServers" (or VS Code\'s "servers")');
    }
    return this.result();
  }

  private result(): ParsedConfig {
    return { servers: this.servers, problems: this.problems };
  }

  private inputs(list: Json | undefined, path: string): ConfigInput[] {
    if (list === undefined) return [];
    if (!Array.isArray(list)) {
      this.problem(path, "expected a list of inputs");
      return [];
    }
    const out: ConfigInput[] = [];
    list.forEach((item, i) => {
      if (!isObject(item) || typeof item.id !== "string") {
        this.problem(`${path}[${i}]`, "an input needs a string id");
        return;
      }
      out.push({
        id: item.id,
        ...(typeof item.description === "string" ? { description: item.description } : {}),
        password: item.password === true,
      });
    });
    return out;
  }

  private strings(value: Json | undefined, path: string): string[] | null {
    if (value === undefined) return [];
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
    this.problem(path, "expected a list of strings");
    return null;
  }

  private record(value: Json | undefined, path: string): Record<string, string> | null {
    if (value === undefined) return {};
    if (!isObject(value)) {
      this.problem(path, "expected an object of strings");
      return null;
    }
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string") out[k] = v;
      else if (typeof v === "number" || typeof v === "boolean") out[k] = String(v);
      else {
        this.problem(`${path}.${k}`, "expected a string");
        return null;
      }
    }
    return out;
  }

  /**
   * An entry's `oauth` object as the launch's client settings. Gemini CLI: `{enabled, clientId,
   * clientSecret, scopes: [...], authorizationUrl, tokenUrl, redirectUri}`; Claude Code: `{clientId,
   * callbackPort, scopes: "a b", authServerMetadataUrl}`. Endpoints are always discovered from the
   * server's metadata (a config cannot send the sign-in elsewhere), so those fields are noted.
   */
  private oauth(value: Json | undefined, path: string): HttpAuthSettings | undefined {
    if (value === undefined) return undefined;
    if (!isObject(value)) {
      this.problem(path, "expected an object (clientId, clientSecret, scopes…)");
      return undefined;
    }
    if (value.enabled === false) return undefined;
    const auth: HttpAuthSettings = {};
    for (const key of ["clientId", "clientSecret"] as const) {
      const v = value[key];
      if (typeof v === "string" && v !== "") auth[key] = v;
      else if (v !== undefined) this.problem(`${path}.${key}`, "expected a string");
    }
    const scopes = value.scopes;
    if (typeof scopes === "string" && scopes.trim() !== "") auth.scope = scopes.trim();
    else if (Array.isArray(scopes) && scopes.every((s) => typeof s === "string")) {
      if (scopes.length > 0) auth.scope = scopes.join(" ");
    } else if (scopes !== undefined) this.problem(`${path}.scopes`, "expected a list of strings");
    const port = value.callbackPort;
    if (typeof port === "number" && Number.isInteger(port) && port > 0 && port < 65536)
      auth.callbackPort = port;
    else if (port !== undefined) this.problem(`${path}.callbackPort`, "expected a port number");
    for (const key of ["authorizationUrl", "tokenUrl", "authServerMetadataUrl", "redirectUri"])
      if (value[key] !== undefined)
        this.problem(
          `${path}.${key}`,
          key === "redirectUri"
            ? "redirectUri is not used: the inspector's callback is its own page (or the CLI's loopback)"
            : `${key} is not used: the inspector discovers the endpoints from the server's metadata`,
        );
    return auth;
  }

  /** The inspector's own `"era": "auto" | "legacy" | "modern"` (the protocol era to speak). */
  private era(value: Json | undefined, path: string): { era?: Era } {
    if (value === undefined || value === "auto") return {};
    if (value === "legacy" || value === "modern") return { era: value };
    this.problem(path, "expected auto, legacy or modern");
    return {};
  }

  private entry(path: string, name: string, entry: Json, inputs: ConfigInput[]): void {
    const at = (field: string) => (path ? `${path}.${field}` : field);
    if (!isObject(entry)) {
      this.problem(path, "expected an object with command or url");
      return;
    }
    const type = typeof entry.type === "string" ? entry.type : undefined;
    const url = entry.httpUrl ?? entry.url ?? entry.serverUrl;
    if (url !== undefined) {
      const key = entry.httpUrl !== undefined ? "httpUrl" : entry.url !== undefined ? "url" : "serverUrl";
      if (typeof url !== "string" || !(SERVER_URL_START.test(url) || url.startsWith("${"))) {
        this.problem(at(key), "expected an http(s):// or ws(s):// URL");
        return;
      }
      let transport: HttpTransportChoice = key === "httpUrl" ? "streamable-http" : "auto";
      if (type !== undefined && type !== "stdio") {
        const t = transportOfConfigType(type);
        if (!t) {
          this.problem(at("type"), `unknown type "${type}" (expected http, sse, ws or stdio)`);
          return;
        }
        transport = t;
      }
      const mismatch = transportUrlProblem(url, transport);
      if (mismatch) {
        this.problem(at(type !== undefined ? "type" : key), mismatch);
        return;
      }
      const headers = this.record(entry.headers, at("headers"));
      if (!headers) return;
      const auth = this.oauth(entry.oauth, at("oauth"));
      this.servers.push(
        server(
          path ? name : hostName(url),
          {
            kind: "http",
            url,
            transport,
            headers,
            ...(auth ? { auth } : {}),
            ...this.era(entry.era, at("era")),
          },
          inputs,
        ),
      );
      return;
    }
    if (typeof entry.command !== "string" || entry.command.trim() === "") {
      this.problem(at("command"), "expected a command (or a url)");
      return;
    }
    if (type !== undefined && type !== "stdio") {
      this.problem(at("type"), `type "${type}" needs a url`);
      return;
    }
    const args = this.strings(entry.args, at("args"));
    const env = this.record(entry.env, at("env"));
    if (!args || !env) return;
    if (entry.cwd !== undefined && typeof entry.cwd !== "string") {
      this.problem(at("cwd"), "expected a folder path");
      return;
    }
    if (entry.envFile !== undefined)
      this.problem(at("envFile"), "envFile is not read by the inspector; put the variables in env");
    this.servers.push(
      server(
        path ? name : entry.command.split(/[\\/]/).pop() || name,
        {
          kind: "stdio",
          program: entry.command,
          args,
          env,
          ...(typeof entry.cwd === "string" ? { cwd: entry.cwd } : {}),
          ...this.era(entry.era, at("era")),
        },
        inputs,
      ),
    );
  }
}

function isServerEntry(v: Json | undefined): boolean {
  return isObject(v) && ["command", "url", "httpUrl", "serverUrl"].some((k) => typeof v[k] === "string");
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
