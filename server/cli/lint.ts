/**
 * `mcp-resource-inspector lint [options] [-- command… | URL]`: the Problems panel headless. Starts
 * one server, runs the active scan (every list page, every listed resource read once, bounded),
 * prints the problems and exits 1 if any is an error (0: none, or only warnings and info; 2: bad
 * usage). `--hosts` narrows the host-compatibility problems (`host-…`) to the hosts a server ships
 * to; protocol problems always stay. Runs with `--conditions=react-server` (bin.mjs) like `check`.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { problemsJson, problemsPretty, problemsSarifText } from "@/lib/lint/export";
import { sortProblems } from "@/lib/lint/problem";
import { HOST_IDS, parseHostList, type HostId } from "@/lib/hosts";
import { filterByHosts } from "@/lib/hosts/host-problems";
import { readConfig } from "../mcp/config";
import { launchSummary, McpSession } from "../mcp/session";
import { ProblemScan, SCAN_LIMITS } from "../lint/scan";
import { oneServerLaunch, oneServerSignIn } from "./one-server";
import { SIGN_IN_HELP } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector lint [options] [-- command… | URL]
  --format pretty|json|sarif   pretty (default); sarif: SARIF 2.1.0 for code-scanning uploads
  --output FILE                write the report there instead of stdout
  --slow-ms MS                 a request slower than this is a warning (default 10000)
  --max-reads N                read at most N resources (default ${SCAN_LIMITS.reads})
  --hosts ${HOST_IDS.join(",")}
                               only host problems affecting one of these hosts (default: all;
                               none or --no-hosts: protocol problems only)
  --name NAME                  the server's name in the host's config, which host rules judge
                               (default: the --server name of --config, else none)
  server: -- command args… (-e KEY=VALUE, --cwd DIR) | URL (-H "Name: value", --transport)
          | --config FILE --server NAME
${SIGN_IN_HELP}
exit: 0 no errors (warnings and info allowed), 1 errors found or the server failed, 2 bad usage
examples:
  mcp-resource-inspector lint -- node build/index.js
  mcp-resource-inspector lint --format sarif --output mcp.sarif http://127.0.0.1:3001/mcp`;

function usage(message: string): never {
  process.stderr.write(`mcp-resource-inspector lint: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const MINE = new Set(["format", "output", "slow-ms", "max-reads", "hosts", "no-hosts", "name"]);

function parseLint(words: string[]) {
  const dash = words.indexOf("--");
  const own = dash < 0 ? words : words.slice(0, dash);
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      allowPositionals: true,
      strict: false,
      tokens: true,
      options: {
        format: { type: "string" },
        output: { type: "string" },
        "slow-ms": { type: "string" },
        "max-reads": { type: "string" },
        hosts: { type: "string" },
        "no-hosts": { type: "boolean" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    usage((err as Error).message);
  }
  const { values, tokens } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  // Server options (and a URL) are passed on to the same parser `start` and `resources` use.
  const passOn: string[] = [];
  for (const t of tokens) {
    if (t.kind === "option" && MINE.has(t.name)) continue;
    if (t.kind === "option") {
      if (t.inlineValue) passOn.push(`${t.rawName}=${t.value}`);
      else passOn.push(t.rawName, ...(t.value !== undefined ? [t.value] : []));
    } else if (t.kind === "positional") passOn.push(t.value);
  }
  const format = typeof values.format === "string" ? values.format : "pretty";
  if (format !== "pretty" && format !== "json" && format !== "sarif")
    usage(`--format must be pretty, json or sarif, got "${format}"`);
  const positive = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) usage(`--${name} takes a positive whole number`);
    return n;
  };
  if (values.hosts !== undefined && values["no-hosts"]) usage("give --hosts or --no-hosts, not both");
  if (values.hosts === true || values.name === true)
    usage(`--${values.name === true ? "name" : "hosts"} needs a value`);
  let hosts: HostId[] | null = null;
  if (values["no-hosts"] || values.hosts === "none") hosts = [];
  else if (typeof values.hosts === "string") {
    try {
      hosts = parseHostList(values.hosts);
    } catch (err) {
      usage(`--hosts: ${(err as Error).message}`);
    }
  }
  if (typeof values.name === "string" && values.name.length === 0) usage("--name cannot be empty");
  return {
    format,
    hosts,
    ...(typeof values.name === "string" ? { name: values.name } : {}),
    ...(typeof values.output === "string" ? { output: values.output } : {}),
    slowMs: positive(values["slow-ms"], "slow-ms"),
    maxReads: positive(values["max-reads"], "max-reads"),
    serverArgs: dash < 0 ? passOn : [...passOn, ...words.slice(dash)],
  };
}

/** How the report names the server: the URL, or the command line (never env values or headers). */
function serverLabel(session: McpSession): string {
  const l = launchSummary(session.launch);
  return l.kind === "http" ? l.url : [l.program, ...l.args].join(" ");
}

async function main(): Promise<void> {
  const call = parseLint(process.argv.slice(2));
  const launched = oneServerLaunch(call.serverArgs, usage);
  const { launch } = launched;
  // The name hosts judge: --name, else the config's key for the server (none for a bare command).
  const name = call.name ?? launched.name;
  const signIn = await oneServerSignIn(launched);
  const session = new McpSession("lint", launch, readConfig(), () => undefined, name, signIn.route);
  if (call.slowMs) session.lint.slowMs = call.slowMs;
  const scan = new ProblemScan(session, call.maxReads ? { maxReads: call.maxReads } : {});
  const stop = () => {
    scan.stop();
    void session.close().finally(() => process.exit(130));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await signIn.connect(session);
    const state = await scan.run();
    if (state.note) process.stderr.write(`mcp-resource-inspector lint: ${state.note}\n`);
    const problems = sortProblems(filterByHosts(session.lint.list(), call.hosts));
    const meta = { server: serverLabel(session) };
    const report =
      call.format === "sarif"
        ? problemsSarifText(problems, meta)
        : call.format === "json"
          ? problemsJson(problems, meta)
          : problemsPretty(problems, meta);
    if (call.output) writeFileSync(call.output, report);
    else process.stdout.write(report);
    process.exitCode = problems.some((p) => p.severity === "error") ? 1 : 0;
  } finally {
    await session.close();
    await signIn.close();
  }
}

main().catch((err: unknown) => {
  const e = err as { message?: string; stderrTail?: string[] };
  process.stderr.write(`mcp-resource-inspector lint: ${e.message ?? String(err)}\n`);
  for (const line of e.stderrTail ?? []) process.stderr.write(`  ${line}\n`);
  process.exitCode = 1;
});
