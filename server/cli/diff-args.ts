/**
 * The command line of `mcp-resource-inspector diff A B`: two sides, in the order typed, each a
 * capture file, a server URL, a command or a server of a config:
 *
 *   FILE                     a capture file (`capture --output F`, or the page's Capture)
 *   URL                      http(s):// or ws(s)://
 *   --server NAME            a server of --config FILE (twice for two servers of one config)
 *   --command "prog args…"   a server command, split like a shell line (no shell runs it)
 *   -- prog args…            a server command: everything after --, so always the last side
 *
 * Server options (-e, --cwd, -H, --transport, the OAuth ones) apply to every side they fit: -e and
 * --cwd to each command side, -H, --transport and OAuth to each URL side. Bad input is a
 * `UsageError` (the command prints it with the usage, exit 2). Not `server-only`: the CLI's code.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseCommandLine, CommandLineError } from "../../lib/launch/command-line";
import { SERVER_URL_START } from "../../lib/launch/http-input";
import { parsePointer } from "../../lib/json/json-pointer";
import { UsageError } from "./args";
import { serverOptionTakesValue } from "./one-shot-args";

export type DiffSide =
  | { kind: "file"; path: string }
  | { kind: "url"; url: string }
  | { kind: "command"; program: string; args: string[]; env: Record<string, string> }
  | { kind: "config"; server: string };

export interface DiffCall {
  sides: [DiffSide, DiffSide];
  format: "pretty" | "json";
  output?: string;
  ignore: string[];
  all: boolean;
  maxBytes?: number;
  config?: string;
  /** Server options as typed, by the kind of side they go to. */
  urlOptions: string[];
  commandOptions: string[];
  commonOptions: string[];
}

const OWN = {
  format: { type: "string" },
  output: { type: "string" },
  ignore: { type: "string", multiple: true },
  "ignore-file": { type: "string", multiple: true },
  all: { type: "boolean" },
  "max-bytes": { type: "string" },
  command: { type: "string", multiple: true },
  server: { type: "string", short: "s", multiple: true },
  config: { type: "string", short: "c" },
  help: { type: "boolean", short: "h" },
} as const;

const URL_ONLY = new Set([
  "header",
  "H",
  "transport",
  "client-id",
  "client-secret",
  "client-metadata-url",
  "scope",
]);
const COMMAND_ONLY = new Set(["env", "e", "cwd"]);
const COMMON = new Set(["no-open", "open", "callback-port", "remember", "no-remember", "era"]);

/** `--ignore-file`: one JSON Pointer a line; blank lines and `#` comments skipped. */
function ignoreFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`--ignore-file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** The call, or "help" for `--help`/`-h` before any `--`. */
export function parseDiffArgs(argv: readonly string[]): DiffCall | "help" {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? [...argv] : argv.slice(0, dash);
  const tail = dash < 0 ? [] : argv.slice(dash + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: own, allowPositionals: true, strict: false, tokens: true, options: OWN });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  if (v.help === true) return "help";
  const at: { index: number; side: DiffSide }[] = [];
  const urlOptions: string[] = [];
  const commandOptions: string[] = [];
  const commonOptions: string[] = [];
  let valueAt = -1;
  for (const t of parsed.tokens) {
    if (t.kind === "option" && Object.hasOwn(OWN, t.name)) {
      const spec = OWN[t.name as keyof typeof OWN];
      if (spec.type === "string" && t.value === undefined) throw new UsageError(`--${t.name} needs a value`);
      if (t.value !== undefined && !t.inlineValue) valueAt = t.index + 1;
      if (t.name === "server") at.push({ index: t.index, side: { kind: "config", server: t.value! } });
      if (t.name === "command") {
        let spec2;
        try {
          spec2 = parseCommandLine(t.value!);
        } catch (err) {
          if (err instanceof CommandLineError) throw new UsageError(`--command: ${err.message}`);
          throw err;
        }
        at.push({ index: t.index, side: { kind: "command", ...spec2 } });
      }
    } else if (t.kind === "option") {
      const takes = !t.inlineValue && serverOptionTakesValue(t.rawName);
      const words = takes ? [t.rawName, own[t.index + 1] ?? ""] : [own[t.index]!];
      if (takes) {
        if (t.index + 1 >= own.length) throw new UsageError(`${t.rawName} needs a value`);
        valueAt = t.index + 1;
      }
      if (URL_ONLY.has(t.name)) urlOptions.push(...words);
      else if (COMMAND_ONLY.has(t.name)) commandOptions.push(...words);
      else if (COMMON.has(t.name)) commonOptions.push(...words);
      else throw new UsageError(`diff does not take ${t.rawName}`);
    } else if (t.kind === "positional" && t.index !== valueAt) {
      if (SERVER_URL_START.test(t.value) && !URL.canParse(t.value))
        throw new UsageError(`not a valid URL: ${t.value}`);
      at.push({
        index: t.index,
        side: SERVER_URL_START.test(t.value)
          ? { kind: "url", url: t.value }
          : { kind: "file", path: t.value },
      });
    }
  }
  if (tail.length > 0) {
    const [program, ...args] = tail as [string, ...string[]];
    at.push({ index: Infinity, side: { kind: "command", program, args, env: {} } });
  } else if (dash >= 0) throw new UsageError("nothing after --: give the server command");
  const sides = at.sort((a, b) => a.index - b.index).map((x) => x.side);
  if (sides.length !== 2)
    throw new UsageError(
      sides.length < 2
        ? `give two sides to compare (got ${sides.length})`
        : `give exactly two sides to compare (got ${sides.length}: a command that is not last goes in --command "…")`,
    );
  const config = typeof v.config === "string" ? v.config : undefined;
  if (sides.some((s) => s.kind === "config") && config === undefined)
    throw new UsageError("--server needs --config FILE");
  if (config !== undefined && !sides.some((s) => s.kind === "config"))
    throw new UsageError("--config needs --server NAME for the side it gives");
  if (urlOptions.length > 0 && !sides.some((s) => s.kind === "url"))
    throw new UsageError(`${urlOptions[0]} applies to a server URL, and no side is one`);
  if (commandOptions.length > 0 && !sides.some((s) => s.kind === "command"))
    throw new UsageError(`${commandOptions[0]} applies to a server command, and no side is one`);

  const format = typeof v.format === "string" ? v.format : "pretty";
  if (format !== "pretty" && format !== "json")
    throw new UsageError(`--format must be pretty or json, got "${format}"`);
  const strings = (x: unknown) =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : [];
  const ignore = [...strings(v.ignore), ...strings(v["ignore-file"]).flatMap(ignoreFile)];
  for (const p of ignore)
    if (p === "" || parsePointer(p) === null)
      throw new UsageError(`--ignore takes a JSON Pointer starting with "/", got "${p}"`);
  let maxBytes: number | undefined;
  const mb = v["max-bytes"];
  if (typeof mb === "string") {
    maxBytes = Number(mb);
    if (!/^\d+$/.test(mb) || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new UsageError(`--max-bytes takes a whole number from 1, got "${mb}"`);
  }
  return {
    sides: sides as [DiffSide, DiffSide],
    format,
    ...(typeof v.output === "string" ? { output: v.output } : {}),
    ignore,
    all: v.all === true,
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(config !== undefined ? { config } : {}),
    urlOptions,
    commandOptions,
    commonOptions,
  };
}

/** The arguments `oneServerLaunch` (args.ts) takes for a server side. */
export function serverArgsOf(call: DiffCall, side: Exclude<DiffSide, { kind: "file" }>): string[] {
  switch (side.kind) {
    case "url":
      return [...call.urlOptions, ...call.commonOptions, side.url];
    case "config":
      return ["--config", call.config!, "--server", side.server, ...call.commonOptions];
    case "command":
      return [
        ...call.commandOptions,
        ...Object.entries(side.env).flatMap(([k, val]) => ["-e", `${k}=${val}`]),
        ...call.commonOptions,
        "--",
        side.program,
        ...side.args,
      ];
  }
}
