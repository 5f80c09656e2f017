/**
 * The command line of `mcp-resource-inspector`, parsed without side effects:
 *
 *   mcp-resource-inspector [options] [-- command args… | URL]
 *
 * Options follow the official inspector's where it has them (`-e KEY=VALUE`, `--config`,
 * `--server`, `--header`, `--transport`). Bad input is a `UsageError` with one line of text; the
 * caller prints it and exits 2. Not `server-only`: the launcher loads it outside Next.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import type { EraChoice, HttpAuthSettings, HttpTransportChoice } from "../../lib/api/contract";
import { eraChoices } from "../../lib/launch/era";
import { httpTransportChoices, SERVER_URL_START, transportUrlProblem } from "../../lib/launch/http-input";
import { urlSlip } from "../../lib/launch/url-slip";
import { closestCommand, COMMANDS } from "./commands.mjs";

export class UsageError extends Error {}

export interface StartOptions {
  help: boolean;
  version: boolean;
  port?: number;
  host?: string;
  /** undefined: open when stdout is a terminal and not in CI. */
  open?: boolean;
  config?: string;
  /** Servers of the config to connect (all of them when empty). */
  servers: string[];
  /** A server command (program + args) or a URL given on the command line. */
  target?: { kind: "command"; program: string; args: string[] } | { kind: "url"; url: string };
  env: Record<string, string>;
  cwd?: string;
  headers: Record<string, string>;
  transport?: HttpTransportChoice;
  /** `--era`: the protocol era to speak (auto probes server/discover); over a config's `era`. */
  era?: EraChoice;
  /** OAuth client settings for the server URL (`--client-id`, `--scope`, …; `--[no-]remember`). */
  auth?: HttpAuthSettings;
  /** One-shot commands: the loopback port a sign-in's browser comes back to (default: a free one). */
  callbackPort?: number;
  watch?: string;
  watchBuild?: string;
  /** `--open FILE`: capture files opened offline at start (issue 25). */
  captures: string[];
}

/**
 * `--open` is also the browser switch, so it takes a file only when the next word names one (a
 * `.gz` or `.json`, the capture's suffixes, or an existing regular file that starts as gzip or
 * JSON does) or with `--open=FILE`; `--open` alone opens the page.
 */
const CAPTURE_FILE = /\.(gz|json)$/i;

function namesCaptureFile(word: string): boolean {
  if (CAPTURE_FILE.test(word)) return true;
  try {
    // stat first: a FIFO or a device is never opened (it would block, issue 32).
    if (!statSync(word).isFile()) return false;
    const fd = openSync(word, "r");
    try {
      const head = Buffer.alloc(2);
      const n = readSync(fd, head, 0, 2, 0);
      return n === 2 && ((head[0] === 0x1f && head[1] === 0x8b) || head[0] === 0x7b);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function takeCaptures(before: string[]): { rest: string[]; captures: string[] } {
  const rest: string[] = [];
  const captures: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const word = before[i]!;
    const next = before[i + 1];
    if (word.startsWith("--open=")) {
      const file = word.slice("--open=".length);
      if (file === "") throw new UsageError("--open= needs a capture file");
      captures.push(file);
    } else if (word === "--open" && next !== undefined && !next.startsWith("-") && namesCaptureFile(next)) {
      captures.push(next);
      i++;
    } else rest.push(word);
  }
  return { rest, captures };
}

/**
 * A first word that can only be a slip, said as such instead of "program not found" from spawn
 * (issue 33): a URL with a mistyped scheme, a host:port with none, a bare number that npm left
 * behind when it kept `--port` for itself (`npm start --port 0` without `--`).
 */
function notAProgram(first: string, rest: string[], afterDashes: boolean): string | null {
  const slip = urlSlip(first);
  // A file of that name may exist (`./host:1/x`): then it is a program after all.
  if (slip && (/^[a-z][a-z0-9+.-]*:\/\//i.test(first) || !existsSync(first))) return slip.message;
  if (!afterDashes && rest.length === 0 && /^\d+$/.test(first))
    return `"${first}" is not a server command: through npm, give the inspector's options after -- (npm start -- --port ${first}); npm keeps --port for itself`;
  return null;
}

const commandLines = COMMANDS.filter((c) => c.name !== "start")
  .map((c) => `  ${c.name.padEnd(30)}  ${c.summary}`)
  .join("\n");

export const HELP = `usage: mcp-resource-inspector [options] [-- command args… | URL]
       mcp-resource-inspector <command> [options]   (<command> --help for its own)

Start the inspector and open it; servers given here are connected at start.

  -- node build/index.js          a server command (everything after --; also bare words, as
                                  \`npm start -- node x.js\` passes them, unless they look like a
                                  mistyped command)
  http://127.0.0.1:3001/mcp       a server URL (Streamable HTTP, or legacy SSE with --transport auto)
  ws://127.0.0.1:3001/mcp         a WebSocket server URL (ws:// or wss://; headers only, no OAuth)
  -e, --env KEY=VALUE             environment for the server command (repeatable)
      --cwd DIR                   working folder of the server command
  -H, --header "Name: value"      header sent to the server URL (repeatable)
      --transport auto|streamable-http|sse|websocket
      --era auto|legacy|modern    protocol era: auto probes server/discover (2026-07-28) and falls
                                  back to initialize; legacy and modern force one (default auto)
      --client-id ID              OAuth: a client registered beforehand (else one is registered
                                  once per authorization server and remembered)
      --client-secret SECRET      OAuth: its secret (never printed; prefer a config's \${VAR})
      --client-metadata-url URL   OAuth: an https Client ID Metadata Document to use as client id
      --scope "a b"               OAuth: scopes to ask for when the server names none
      --remember / --no-remember  OAuth: keep tokens in tokens.json in the config folder
                                  (one-shot commands remember by default; the page asks)
  -c, --config FILE               servers from an mcpServers / VS Code / Gemini config file
  -s, --server NAME               only this server of the config (repeatable; default: all)
      --watch PATH                restart the server command when PATH changes
      --watch-build "npm run build"   run this (no shell) before each restart
  -p, --port N                    port to listen on (default 6280; 0 picks a free one)
      --host ADDR                 address to bind (loopback only)
      --open / --no-open          open the page in a browser (default: when run in a terminal)
      --open FILE                 open a capture file offline (.gz or .json; read-only, nothing runs)
  -v, --version                   print the version
  -h, --help                      this help

commands (no browser, one job, then exit; \`<command> --help\` for each):
${commandLines}

exit: 0 stopped by Ctrl-C, 1 the app failed, 2 bad usage (a port in use, a mistyped command)

examples:
  mcp-resource-inspector -- npx -y @modelcontextprotocol/server-everything
  mcp-resource-inspector -e API_KEY=abc -- node build/index.js --verbose
  mcp-resource-inspector --config .mcp.json --server github
  mcp-resource-inspector https://example.test/mcp -H "Authorization: Bearer $TOKEN"
  mcp-resource-inspector resources list -- node build/index.js
`;

const TRANSPORTS: readonly HttpTransportChoice[] = httpTransportChoices;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type ParsedValues = Partial<Record<string, string | boolean | string[] | undefined>>;

/** `--client-id` and friends as a launch's `auth` (lib/launch/launch-contract.ts HttpAuthSettings). */
function authSettings(v: ParsedValues): HttpAuthSettings {
  const text = (name: string): string | undefined => {
    const value = v[name];
    if (typeof value !== "string") return undefined;
    if (value.trim() === "" || /[\r\n\0]/.test(value))
      throw new UsageError(`--${name} needs a value on one line`);
    return value.trim();
  };
  if (v.remember && v["no-remember"])
    throw new UsageError("--remember and --no-remember contradict each other");
  const clientId = text("client-id");
  const clientSecret = text("client-secret");
  const clientMetadataUrl = text("client-metadata-url");
  const scope = text("scope");
  if (clientSecret !== undefined && clientId === undefined)
    throw new UsageError("--client-secret needs --client-id");
  if (clientMetadataUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(clientMetadataUrl);
    } catch {
      url = null;
    }
    // The SDK's rule (SEP-991): an https URL with a path, else it is no client id.
    if (!url || url.protocol !== "https:" || url.pathname === "/")
      throw new UsageError(
        `--client-metadata-url must be an https URL with a path, got "${clientMetadataUrl}"`,
      );
  }
  return {
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
    ...(scope !== undefined ? { scope } : {}),
    ...(v.remember ? { remember: true } : v["no-remember"] ? { remember: false } : {}),
  };
}

export function parseStartArgs(argv: readonly string[]): StartOptions {
  const dash = argv.indexOf("--");
  const { rest: before, captures } = takeCaptures(dash < 0 ? [...argv] : argv.slice(0, dash));
  const after = dash < 0 ? [] : argv.slice(dash + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: before,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
        port: { type: "string", short: "p" },
        host: { type: "string" },
        open: { type: "boolean" },
        "no-open": { type: "boolean" },
        config: { type: "string", short: "c" },
        server: { type: "string", short: "s", multiple: true },
        env: { type: "string", short: "e", multiple: true },
        cwd: { type: "string" },
        header: { type: "string", short: "H", multiple: true },
        transport: { type: "string" },
        era: { type: "string" },
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        "client-metadata-url": { type: "string" },
        scope: { type: "string" },
        remember: { type: "boolean" },
        "no-remember": { type: "boolean" },
        "callback-port": { type: "string" },
        watch: { type: "string" },
        "watch-build": { type: "string" },
      },
    });
  } catch (err) {
    // node:util's messages are one line and name the option ("Unknown option '--x'").
    throw new UsageError(
      (err as Error).message.split("\n")[0]!.replace(/\.( To specify a positional.*)?$/, ""),
    );
  }
  const v = parsed.values;
  const options: StartOptions = {
    help: v.help ?? false,
    version: v.version ?? false,
    servers: v.server ?? [],
    captures,
    env: {},
    headers: {},
  };
  if (v.port !== undefined) {
    const port = Number(v.port);
    if (!/^\d+$/.test(v.port) || port > 65535)
      throw new UsageError(`--port must be 0..65535, got "${v.port}"`);
    options.port = port;
  }
  if (v.host !== undefined) options.host = v.host;
  if (v.open && v["no-open"]) throw new UsageError("--open and --no-open contradict each other");
  if (v.open) options.open = true;
  if (v["no-open"]) options.open = false;
  if (v.config !== undefined) options.config = v.config;
  if (v.server && v.config === undefined) throw new UsageError("--server needs --config FILE");
  for (const pair of v.env ?? []) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !ENV_NAME.test(name)) throw new UsageError(`-e expects KEY=VALUE, got "${name}"`);
    options.env[name] = pair.slice(eq + 1);
  }
  for (const line of v.header ?? []) {
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon).trim();
    if (colon < 0 || !HEADER_NAME.test(name))
      throw new UsageError(`--header expects "Name: value", got "${name}"`);
    const value = line.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value)) throw new UsageError(`--header ${name}: a value cannot contain line breaks`);
    options.headers[name] = value;
  }
  if (v.transport !== undefined) {
    if (!TRANSPORTS.includes(v.transport as HttpTransportChoice))
      throw new UsageError(`--transport must be one of ${TRANSPORTS.join(", ")}, got "${v.transport}"`);
    options.transport = v.transport as HttpTransportChoice;
  }
  if (v.era !== undefined) {
    if (!eraChoices.includes(v.era as EraChoice))
      throw new UsageError(`--era must be one of ${eraChoices.join(", ")}, got "${v.era}"`);
    options.era = v.era as EraChoice;
  }
  const auth = authSettings(v);
  if (v["callback-port"] !== undefined) {
    const port = Number(v["callback-port"]);
    if (!/^\d+$/.test(v["callback-port"]) || port > 65535)
      throw new UsageError(`--callback-port must be 0..65535, got "${v["callback-port"]}"`);
    options.callbackPort = port;
  }
  if (v.cwd !== undefined) options.cwd = v.cwd;
  if (v.watch !== undefined) options.watch = v.watch;
  if (v["watch-build"] !== undefined) {
    if (v.watch === undefined) throw new UsageError("--watch-build needs --watch PATH");
    options.watchBuild = v["watch-build"];
  }

  // A server: everything after --, or the positional words (a URL, or a command: `npm start --
  // node x.js` hands them over without the --). A first word that is a slip for a subcommand
  // (`resource list`) is refused rather than run as a program; after -- nothing is guessed.
  const words = after.length > 0 ? after : parsed.positionals;
  if (after.length > 0 && parsed.positionals.length > 0)
    throw new UsageError(`unexpected "${parsed.positionals[0]}" before --`);
  const meant = after.length === 0 && words[0] !== undefined ? closestCommand(words[0]) : undefined;
  if (meant !== undefined)
    throw new UsageError(
      `unknown command "${words[0]}": did you mean ${meant}? A server command goes after --`,
    );
  if (words.length > 0) {
    if (options.config !== undefined) throw new UsageError("give either --config or a server, not both");
    const [first, ...rest] = words as [string, ...string[]];
    if (SERVER_URL_START.test(first)) {
      if (rest.length > 0) throw new UsageError(`unexpected "${rest[0]}" after the URL`);
      try {
        new URL(first);
      } catch {
        throw new UsageError(`not a valid URL: ${first}`);
      }
      const mismatch = transportUrlProblem(first, options.transport ?? "auto");
      if (mismatch) throw new UsageError(mismatch);
      options.target = { kind: "url", url: first };
    } else {
      const slip = notAProgram(first, rest, after.length > 0);
      if (slip) throw new UsageError(slip);
      options.target = { kind: "command", program: first, args: rest };
    }
  }
  const isUrl = options.target?.kind === "url";
  if (!isUrl && (Object.keys(options.headers).length > 0 || options.transport))
    throw new UsageError("--header and --transport apply to a server URL");
  const { remember, ...client } = auth;
  if (!isUrl && Object.keys(client).length > 0)
    throw new UsageError(
      "--client-id, --client-secret, --client-metadata-url and --scope apply to a server URL (a config gives them in its oauth block)",
    );
  if (Object.keys(auth).length > 0) options.auth = auth;
  if (remember !== undefined && !isUrl) options.auth = { remember };
  if (
    isUrl &&
    (Object.keys(options.env).length > 0 || options.cwd !== undefined || options.watch !== undefined)
  )
    throw new UsageError("-e, --cwd and --watch apply to a server command, not a URL");
  if (options.watch !== undefined && options.target?.kind !== "command")
    throw new UsageError("--watch needs a server command (after --)");
  return options;
}
