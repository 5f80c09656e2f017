/**
 * `mcp-resource-inspector hosts URI [--host ID …] [-- command… | URL]`: the host lens headless.
 * Starts one server, lists it as a host does (every page of resources and templates), reads URI
 * and prints what each host gives its model (or its user) from that read, rendered by the host's
 * own module in lib/hosts/. With one `--host`, exactly that host's main text and nothing else, so
 * `> out.txt` holds its bytes; otherwise a section per host. Exit 0, or 1 when the read (or the
 * server) fails — the host's rendering of a failed read is still printed —, 2 on bad usage.
 * Runs with `--conditions=react-server` (bin.mjs) like `lint`.
 */
import { writeFileSync } from "node:fs";
import { HOST_IDS, HOSTS, parseHostList, type HostId } from "@/lib/hosts";
import { readInputOf, serverViewOf, type ListOutcome, type ReadOutcome } from "@/lib/hosts/read-input";
import { blockText, primaryBlock, primaryText, viewText } from "@/lib/hosts/read-text";
import { oneServerLaunch, oneServerSession, reportFailure } from "./one-server";
import { parseOneShot, usageExit } from "./one-shot-args";
import { SIGN_IN_HELP } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector hosts URI [options] [-- command… | URL]
  --host ID              ${HOST_IDS.join(", ")} (repeatable, or comma-separated;
                         default: all). With exactly one, only what its model gets, byte for byte
  --name NAME            the server's name in the host's config, which hosts put before URIs
                         (default: the --server name of --config, else the server's own name)
  --format text|json     text (default); json: the HostReadView of each host
  --output FILE          write the output there instead of stdout
  server: -- command args… (-e KEY=VALUE, --cwd DIR) | URL (-H "Name: value", --transport)
          | --config FILE --server NAME
  --era auto|legacy|modern   protocol era (default auto: probes server/discover, else initialize)
${SIGN_IN_HELP}
exit: 0 read, 1 the read or the server failed (the host's rendering is still printed), 2 bad usage
examples:
  mcp-resource-inspector hosts demo://docs/readme.md --host gemini-cli -- node build/index.js > seen.txt
  mcp-resource-inspector hosts file:///notes.md --format json --config .mcp.json --server notes`;

const HOSTS_COMMAND = {
  prefix: "mcp-resource-inspector hosts",
  usage: USAGE,
  options: {
    host: { type: "string", multiple: true },
    name: { type: "string" },
    format: { type: "string" },
    output: { type: "string" },
  },
  // The first positional word is the resource URI (even an https: one); a server URL follows.
  words: 1,
} as const;

function usage(message: string): never {
  return usageExit(HOSTS_COMMAND, message);
}

interface Call {
  uri: string;
  hosts: HostId[];
  /** Exactly one host was asked for: print its main text alone. */
  single: boolean;
  name?: string;
  format: "text" | "json";
  output?: string;
  serverArgs: string[];
}

function parseHosts(argv: string[]): Call {
  const { values, words, serverArgs } = parseOneShot(argv, HOSTS_COMMAND);
  const uri = words[0];
  if (!uri) usage("needs the URI of a resource to read");
  const given = values.host ?? [];
  let hosts: HostId[];
  try {
    hosts = given.length === 0 ? [...HOST_IDS] : parseHostList(given.join(","));
  } catch (err) {
    usage(`--host: ${(err as Error).message}`);
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") usage(`--format must be text or json, got "${format}"`);
  if (values.name === "") usage("--name cannot be empty");
  return {
    uri,
    hosts,
    single: given.length > 0 && hosts.length === 1,
    ...(values.name !== undefined ? { name: values.name } : {}),
    format,
    ...(values.output !== undefined ? { output: values.output } : {}),
    serverArgs,
  };
}

function failure(err: unknown): { message: string; code?: number } {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e.message === "string" ? e.message : String(err);
  return typeof e.code === "number" ? { message, code: e.code } : { message };
}

/** A walk as the host sees it: its items, or why it failed (the host then lists nothing). */
async function walk<T>(run: () => Promise<{ items: T[]; pages: number }>): Promise<ListOutcome<T>> {
  try {
    const r = await run();
    return { items: r.items, pages: r.pages };
  } catch (err) {
    return { error: failure(err).message };
  }
}

async function main(argv: string[]): Promise<void> {
  const call = parseHosts(argv);
  const launched = oneServerLaunch(call.serverArgs, usage);
  const { session, signIn } = await oneServerSession("hosts", launched);
  try {
    await signIn.connect(session);
    // The config key hosts use: --name, the config's name, else the server's own (serverInfo.name).
    const name = call.name ?? launched.name ?? session.serverInfo?.name ?? session.name;
    const declares = session.capabilities?.resources != null;
    // Hosts list only a server that declares resources (Gemini CLI, VS Code); the walks show what it serves.
    const resources = declares ? await walk(() => session.listResources(true)) : {};
    const templates = declares ? await walk(() => session.listTemplates(true)) : {};
    const server = serverViewOf(name, session.capabilities, resources, templates);
    let outcome: ReadOutcome;
    try {
      const result = await session.read(call.uri, true);
      outcome = { contents: result.contents };
    } catch (err) {
      outcome = { error: failure(err) };
    }
    const input = readInputOf(server, call.uri, outcome);
    const views = call.hosts.map((id) => HOSTS[id].read(input));
    const text =
      call.format === "json"
        ? `${JSON.stringify(views, null, 2)}\n`
        : call.single
          ? primaryText(views[0]!, HOSTS[call.hosts[0]!])
          : views.map((v) => viewText(v, HOSTS[v.host])).join("\n");
    if (call.output) writeFileSync(call.output, text);
    else process.stdout.write(text);
    // One host's main text is printed alone, byte for byte; what else its model gets with it (an
    // image block, an item left out) is said on stderr, so a pipe keeps only the text.
    if (call.single && call.format !== "json") {
      const main = primaryBlock(views[0]!, HOSTS[call.hosts[0]!]);
      for (const block of views[0]!.blocks)
        if (block !== main && block.kind !== "text")
          process.stderr.write(
            `mcp-resource-inspector hosts: the ${views[0]!.audience} also gets ${blockText(block).trim()} (not printed)\n`,
          );
    }
    if ("error" in outcome) {
      process.stderr.write(
        `mcp-resource-inspector hosts: reading ${call.uri} failed: ${outcome.error.message}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await session.close();
    await signIn.close();
  }
}

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).catch(reportFailure(HOSTS_COMMAND.prefix));
}
