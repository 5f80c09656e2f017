/**
 * `mcp-resource-inspector lint [options] [-- command… | URL]`: the Problems panel headless. Starts
 * one server, runs the active scan (every list page, every listed resource read once, bounded),
 * prints the problems and exits 1 if any is an error (0: none, or only warnings and info; 2: bad
 * usage). `--hosts` narrows the host-compatibility problems (`host-…`) to the hosts a server ships
 * to; protocol problems always stay. Runs with `--conditions=react-server` (bin.mjs) like `check`.
 */
import { writeFileSync } from "node:fs";
import { problemsJson, problemsPretty, problemsSarifText } from "@/lib/lint/export";
import { sortProblems } from "@/lib/lint/problem";
import { HOST_IDS, parseHostList, type HostId } from "@/lib/hosts";
import { filterByHosts } from "@/lib/hosts/host-problems";
import type { McpSession } from "../mcp/session";
import { launchSummary } from "../mcp/session";
import { ProblemScan, SCAN_LIMITS } from "../lint/scan";
import { oneServerLaunch, oneServerSession, reportFailure } from "./one-server";
import { parseOneShot, usageExit, wholeNumber } from "./one-shot-args";
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
  --era auto|legacy|modern   protocol era (default auto: probes server/discover, else initialize)
${SIGN_IN_HELP}
exit: 0 no errors (warnings and info allowed), 1 errors found or the server failed, 2 bad usage
examples:
  mcp-resource-inspector lint -- node build/index.js
  mcp-resource-inspector lint --format sarif --output mcp.sarif http://127.0.0.1:3001/mcp`;

const LINT = {
  prefix: "mcp-resource-inspector lint",
  usage: USAGE,
  options: {
    format: { type: "string" },
    output: { type: "string" },
    "slow-ms": { type: "string" },
    "max-reads": { type: "string" },
    hosts: { type: "string" },
    "no-hosts": { type: "boolean" },
    name: { type: "string" },
  },
} as const;

function usage(message: string): never {
  return usageExit(LINT, message);
}

function parseLint(argv: string[]) {
  // Server options (and a URL) are passed on to the same parser `start` and `resources` use.
  const { values, serverArgs } = parseOneShot(argv, LINT);
  const format = values.format ?? "pretty";
  if (format !== "pretty" && format !== "json" && format !== "sarif")
    usage(`--format must be pretty, json or sarif, got "${format}"`);
  if (values.hosts !== undefined && values["no-hosts"]) usage("give --hosts or --no-hosts, not both");
  let hosts: HostId[] | null = null;
  if (values["no-hosts"] || values.hosts === "none") hosts = [];
  else if (values.hosts !== undefined) {
    try {
      hosts = parseHostList(values.hosts);
    } catch (err) {
      usage(`--hosts: ${(err as Error).message}`);
    }
  }
  if (values.name === "") usage("--name cannot be empty");
  return {
    format,
    hosts,
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.output !== undefined ? { output: values.output } : {}),
    slowMs: wholeNumber(LINT, values["slow-ms"], "slow-ms", 1),
    maxReads: wholeNumber(LINT, values["max-reads"], "max-reads", 1),
    serverArgs,
  };
}

/** How the report names the server: the URL, or the command line (never env values or headers). */
function serverLabel(session: McpSession): string {
  const l = launchSummary(session.launch);
  return l.kind === "http" ? l.url : [l.program, ...l.args].join(" ");
}

async function main(argv: string[]): Promise<void> {
  const call = parseLint(argv);
  const launched = oneServerLaunch(call.serverArgs, usage);
  // The name hosts judge: --name, else the config's key for the server (none for a bare command).
  const name = call.name ?? launched.name;
  // Ctrl-C stops the scan too, once there is one.
  const running: { scan?: ProblemScan } = {};
  const { session, signIn } = await oneServerSession("lint", launched, {
    name,
    onStop: () => running.scan?.stop(),
  });
  if (call.slowMs) session.lint.slowMs = call.slowMs;
  // A read refused for want of scope (a step-up) signs in again and is read again.
  const scan = (running.scan = new ProblemScan(session, {
    ...(call.maxReads ? { maxReads: call.maxReads } : {}),
    retry: (op) => signIn.run(session, op),
  }));
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

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).catch(reportFailure(LINT.prefix));
}
