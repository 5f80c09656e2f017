/**
 * `mcp-resource-inspector diff A B`: what changed between two servers, two builds or two captures
 * (issue 25), for a terminal or CI. Capture files are read first (a bad one is bad input, before
 * any server starts); then each server side is started, connected, made to read every URI the
 * other side read, and captured (server/capture/against.ts); then lib/capture/compare.ts compares
 * and lib/capture/report.ts prints. Runs with `--conditions=react-server` (bin.mjs) like `lint`.
 */
import { writeFileSync } from "node:fs";
import { stateOf, type Capture } from "@/lib/capture/format";
import { ignoreMatchers } from "@/lib/capture/compare";
import { diffJson, diffPretty, printable } from "@/lib/capture/report";
import { formatCommandLine } from "@/lib/launch/command-line";
import type { BoundedStateDiff } from "@/lib/capture/bounded-diff";
import { captureAgainst } from "../capture/against";
import { compareWithCapture, diffStates } from "../capture/compare";
import { CaptureFileError, readCaptureFile } from "../capture/read-file";
import { DEFAULT_CAPTURE_MAX_BYTES } from "../capture/writer";
import { readConfig } from "../mcp/config";
import { McpSession } from "../mcp/session";
import { UsageError } from "./args";
import { parseDiffArgs, serverArgsOf, type DiffCall, type DiffSide } from "./diff-args";
import { failureText, oneServerLaunch, oneServerSignIn } from "./one-server";
import { usageExit } from "./one-shot-args";
import { SIGN_IN_HELP } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector diff A B [options]
  A and B, in this order, each one of:
    FILE                     a capture file (mcp-resource-inspector capture, or the page's Capture)
    URL                      a server URL: http(s):// (-H "Name: value", --transport) or ws(s)://
    --server NAME            a server of --config FILE (one --config; --server twice for two of it)
    --command "prog args…"   a server command as one shell-like line (no shell runs it)
    -- prog args…            a server command, everything after -- (so it is always B)
  A server side reads every URI the other side read; with --all, or against a capture taken with
  --all, also every resource it lists.
  Two servers read everything they list (--all is implied). -e KEY=VALUE and --cwd DIR apply to
  every command side, -H, --transport and the OAuth options to every URL side; --era
  auto|legacy|modern (the protocol era, default auto) to every server side.
  --ignore PTR             a JSON Pointer not to compare (repeatable; * is any one token), e.g.
                             /server/version  '/resources/*/annotations/lastModified'
                             /reads/demo:~1~1clock (a whole read; a URI is one token, / written ~1)
  --ignore-file FILE       pointers to ignore, one a line (# comments)
  --all                    a server side also reads every listed resource
  --max-bytes N            content a server side reads with --all at most (default: the capture's
                             budget when it was taken with --all, else ${DEFAULT_CAPTURE_MAX_BYTES})
  --format pretty|json     pretty (default; coloured on a terminal unless NO_COLOR); json: the diff
  --output FILE            write the report there instead of stdout
${SIGN_IN_HELP}
exit: 0 equal, 1 different, 2 bad input (usage; a capture file unreadable, not a capture, or made
      by a newer inspector), 3 a server could not be started, reached or captured
examples:
  mcp-resource-inspector diff before.mcpcapture.json.gz -- node build/index.js
  mcp-resource-inspector diff --command "node old/index.js" -- node build/index.js
  mcp-resource-inspector diff --config .mcp.json --server prod --server staging --ignore /server/version
  mcp-resource-inspector diff a.mcpcapture.json.gz b.mcpcapture.json.gz --format json`;

const COMMAND = { prefix: "mcp-resource-inspector diff", usage: USAGE };

/** A server side that failed: exit 3, its reason and its last stderr lines. */
class ServerSideError extends Error {
  constructor(
    readonly side: string,
    readonly cause: unknown,
    readonly stderrTail: string[] = [],
  ) {
    super(`${side}: ${failureText(cause)}`);
  }
}

function sideLabel(side: DiffSide, call: DiffCall): string {
  switch (side.kind) {
    case "file":
      return side.path;
    case "url": {
      // A query may carry a key (`?api_key=…`): the report names the server without it.
      const u = new URL(side.url);
      return `${u.origin}${u.pathname}${u.search ? "?…" : ""}`;
    }
    case "config":
      return `${side.server} (${call.config})`;
    case "command":
      // The program and its arguments; env values (-e, KEY=value) may be secrets and are left out.
      return formatCommandLine({ program: side.program, args: side.args, env: {} });
  }
}

/** One server side: started, connected, given to `work` (it reads and captures), closed. */
async function withServer<T>(
  launched: ReturnType<typeof oneServerLaunch>,
  label: string,
  sessions: Set<McpSession>,
  work: (session: McpSession, run: <R>(op: () => Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  const signIn = await oneServerSignIn(launched);
  const session = new McpSession(
    `diff-${sessions.size}`,
    launched.launch,
    readConfig(),
    () => undefined,
    launched.name,
    signIn.route,
  );
  sessions.add(session);
  try {
    await signIn.connect(session);
    const result = await work(session, (op) => signIn.run(session, op));
    // A server that died midway answers nothing more: that is a failure, not a difference.
    if (session.status !== "connected")
      throw new Error(session.error?.message ?? "the server disconnected during the capture");
    return result;
  } catch (err) {
    throw new ServerSideError(label, err, session.stderr.tail());
  } finally {
    sessions.delete(session);
    await session.close();
    await signIn.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let call: DiffCall;
  try {
    const parsed = parseDiffArgs(argv);
    if (parsed === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    call = parsed;
  } catch (err) {
    if (err instanceof UsageError) usageExit(COMMAND, err.message);
    throw err;
  }
  const labels = call.sides.map((s) => sideLabel(s, call)) as [string, string];
  const sessions = new Set<McpSession>();
  const stop = () => void Promise.all([...sessions].map((s) => s.close())).finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  // Files first: a bad one is bad input, found before any server is started.
  const captures: (Capture | undefined)[] = [undefined, undefined];
  try {
    for (const [i, side] of call.sides.entries())
      if (side.kind === "file") captures[i] = await readCaptureFile(side.path);
  } catch (err) {
    if (err instanceof CaptureFileError) {
      // Not a file: perhaps meant as a server. Say how those are written.
      const hint = /no such capture file$/.test(err.message)
        ? " (a server URL starts with http(s):// or ws(s)://; a command goes after -- or in --command)"
        : "";
      process.stderr.write(`${COMMAND.prefix}: ${err.message}${hint}\n`);
      return 2;
    }
    throw err;
  }
  // Both launches resolved (a config's server found, a command line checked) before either starts.
  const launches = call.sides.map((side) =>
    side.kind === "file"
      ? undefined
      : oneServerLaunch(serverArgsOf(call, side), (message) => usageExit(COMMAND, message)),
  );
  const bothServers = launches.every((l) => l !== undefined);
  const budget = { ...(call.maxBytes !== undefined ? { maxBytes: call.maxBytes } : {}) };
  let compared: BoundedStateDiff | undefined;
  try {
    for (const [i, launched] of launches.entries()) {
      if (launched === undefined) continue;
      const other = captures[1 - i];
      captures[i] = await withServer(launched, labels[i]!, sessions, async (session, run) => {
        // Two servers read everything they list; the second also reads what the first read.
        if (bothServers || !other) return captureAgainst(session, other, { all: true, ...budget, run });
        // Against a file: the one live-vs-capture comparison (the route's and expectSameAs's).
        const { live, ...diff } = await compareWithCapture(session, other, {
          live: i === 0 ? "before" : "after",
          matchers: ignoreMatchers(call.ignore),
          ...(call.all ? { all: true } : {}),
          ...budget,
          run,
        });
        compared = diff;
        return live;
      });
    }
  } catch (err) {
    if (!(err instanceof ServerSideError)) throw err;
    process.stderr.write(`${COMMAND.prefix}: ${err.message}\n`);
    for (const line of err.stderrTail) process.stderr.write(`  ${line}\n`);
    return 3;
  }

  // What a capture could not hold, which the comparison cannot show: said on stderr.
  for (const [i, c] of captures.entries()) {
    const note = (line: string) =>
      process.stderr.write(`${COMMAND.prefix}: note: ${labels[i]}: ${printable(line)}\n`);
    if (c!.resources.error) note(`the resource listing: ${c!.resources.error}`);
    if (c!.templates.error) note(`the template listing: ${c!.templates.error}`);
    if (c!.budget.skipped.length)
      note(`${c!.budget.skipped.length} listed resource(s) not read (byte budget)`);
  }
  // The app's one compare budget (lib/capture/compare-budget.ts), as the route and expectSameAs.
  const { diff, changes, omitted } =
    compared ??
    (await diffStates(stateOf(captures[0]!), stateOf(captures[1]!), {
      matchers: ignoreMatchers(call.ignore),
    }));
  const meta = { before: labels[0], after: labels[1], changes, omitted };
  const color = call.output === undefined && process.stdout.isTTY && !process.env.NO_COLOR;
  const report = call.format === "json" ? diffJson(diff, meta) : diffPretty(diff, { ...meta, color });
  if (call.output !== undefined) writeFileSync(call.output, report);
  else process.stdout.write(report);
  return diff.equal ? 0 : 1;
}

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      // Not a difference and not bad input: something of ours failed. 3, like a server that failed.
      process.stderr.write(`${COMMAND.prefix}: ${failureText(err)}\n`);
      process.exitCode = 3;
    },
  );
}
