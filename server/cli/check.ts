/**
 * `mcp-resource-inspector check [files or folders…]`: run recorded checks headless, no browser.
 * Exits 0 only if every check passes. Runs with `--conditions=react-server` (see bin.mjs) so the
 * `server-only` guard of the modules it shares with the app resolves to its empty build.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_CHECK_DIR, findCheckFiles, readEnvFile } from "../check/files";
import { checkVars } from "../check/secret-references";
import { summarizeRepeats } from "../../lib/check/repeat";
import { json, jsonRepeat, junit, pretty, prettyRepeat } from "../check/report";
import { runCheckFiles, runCheckFilesRepeated } from "../check/run-files";
import { checkSignIn, SIGN_IN_HELP } from "./sign-in";
import { usageExit } from "./one-shot-args";

const USAGE = `usage: mcp-resource-inspector check [files or folders…] [options]
  (default folder: ./${DEFAULT_CHECK_DIR})
  --update              rewrite expectations from what the servers answer now
  --reporter <name>     pretty (default), json or junit
  --output <file>       write the report there instead of stdout
  --timeout <ms>        per-step timeout (default: each file's timeoutMs, 30000)
  --env-file <file>     KEY=value lines for \${VAR} references (the environment wins)
  --grep <regex>        only checks whose name or path matches
  --jobs <n>            checks run in parallel (default: min(4, cores))
  --repeat <n>          run each check n times, a fresh server each time; report per step
                        n/n or flaky with what differed (exit 1 unless every step is n/n)
${SIGN_IN_HELP.split("\n  --client-id")[0]}`;

function fail(message: string): never {
  return usageExit({ prefix: "mcp-resource-inspector check", usage: USAGE }, message);
}

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        update: { type: "boolean", default: false },
        reporter: { type: "string", default: "pretty" },
        output: { type: "string" },
        timeout: { type: "string" },
        "env-file": { type: "string" },
        grep: { type: "string" },
        jobs: { type: "string" },
        repeat: { type: "string" },
        "no-open": { type: "boolean", default: false },
        "callback-port": { type: "string" },
        "no-remember": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const reporter = values.reporter;
  if (reporter !== "pretty" && reporter !== "json" && reporter !== "junit")
    fail(`unknown reporter "${reporter}"`);
  const timeoutMs = values.timeout !== undefined ? Number(values.timeout) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    fail("--timeout takes a positive number of ms");
  const jobs = values.jobs !== undefined ? Number(values.jobs) : undefined;
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs > 0)) fail("--jobs takes a positive integer");
  const repeat = values.repeat !== undefined ? Number(values.repeat) : undefined;
  if (repeat !== undefined && !(Number.isInteger(repeat) && repeat > 0 && repeat <= 1000))
    fail("--repeat takes a whole number from 1 to 1000");
  const callbackPort = values["callback-port"] !== undefined ? Number(values["callback-port"]) : undefined;
  if (
    callbackPort !== undefined &&
    !(Number.isInteger(callbackPort) && callbackPort >= 0 && callbackPort < 65536)
  )
    fail("--callback-port takes a port, 0..65535");
  if (repeat !== undefined && values.update) fail("--repeat and --update do not go together");
  let grep: RegExp | undefined;
  try {
    grep = values.grep ? new RegExp(values.grep) : undefined;
  } catch {
    fail(`--grep: invalid regex ${values.grep}`);
  }
  // Any path its user names: the CLI runs in their shell, with their rights. Errors name files
  // and lines, never what is in them.
  const fileVars = values["env-file"] ? await readEnvFile(values["env-file"]) : {};
  const files = await findCheckFiles(positionals.length ? positionals : [DEFAULT_CHECK_DIR]);
  if (files.length === 0) fail("no *.check.json files found");

  const refs = files.map((file) => ({ file, label: path.relative(process.cwd(), file) || file }));
  const options = {
    vars: checkVars(
      { ...fileVars, ...process.env },
      "set it in the environment or in the file --env-file names",
    ),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(grep ? { grep } : {}),
    ...(jobs ? { jobs } : {}),
    signIn: checkSignIn({
      open: !values["no-open"],
      ...(callbackPort !== undefined ? { callbackPort } : {}),
      ...(values["no-remember"] ? { remember: false } : {}),
      log: (line) => process.stderr.write(`${line}\n`),
    }),
  };
  if (repeat !== undefined) {
    const runs = await runCheckFilesRepeated(refs, options, repeat);
    const checks = runs.map(summarizeRepeats);
    const report =
      reporter === "json"
        ? jsonRepeat(checks)
        : reporter === "junit"
          ? junit(runs.flat())
          : prettyRepeat(checks);
    if (values.output) writeFileSync(values.output, report);
    else process.stdout.write(report);
    process.exitCode = checks.every((c) => c.verdict === "stable") ? 0 : 1;
    return;
  }
  const results = await runCheckFiles(refs, { ...options, ...(values.update ? { update: true } : {}) });
  const report =
    reporter === "json" ? json(results) : reporter === "junit" ? junit(results) : pretty(results);
  if (values.output) writeFileSync(values.output, report);
  else process.stdout.write(report);
  if (values.update)
    process.stderr.write(`updated ${results.filter((r) => !r.error).length} check file(s)\n`);
  process.exitCode = values.update || results.every((r) => r.status === "passed") ? 0 : 1;
}

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).catch((err: unknown) => {
    process.stderr.write(
      `mcp-resource-inspector check: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(2);
  });
}
