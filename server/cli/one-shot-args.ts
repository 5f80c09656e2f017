/**
 * The command line of a one-shot command (`lint`, `hosts`, `resources`, `subscribe`): its own
 * options and leading words (a URI), `--help`, and everything else — the server options, a URL,
 * `-- command…` — handed on verbatim, in order, to the parser `start` uses (args.ts), so an
 * option added there works here too without a change.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { parseStartArgs, UsageError } from "./args";

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig["options"]>;

export interface OneShotCommand<T extends ParseArgsOptionsConfig> {
  /** What its messages start with: "mcp-resource-inspector lint". */
  prefix: string;
  usage: string;
  /** Its own options (`--help`/`-h` is every command's). */
  options: T;
  /** How many leading positional words are its own (a resource URI), before a server URL. */
  words?: number;
}

type Values<T extends ParseArgsOptionsConfig> = {
  [K in keyof T]?: T[K]["type"] extends "string"
    ? T[K]["multiple"] extends true
      ? string[]
      : string
    : T[K]["multiple"] extends true
      ? boolean[]
      : boolean;
};

export interface OneShotArgs<T extends ParseArgsOptionsConfig> {
  values: Values<T>;
  /** Its own leading words, at most `words` of them. */
  words: string[];
  /** For `parseStartArgs` (through `oneServerLaunch`): as typed, minus what was the command's. */
  serverArgs: string[];
}

/** Bad usage: the message and the command's usage on stderr, exit 2. */
/**
 * A usage error in a few lines: what was wrong, the usage line, where the rest is. The whole help
 * buried the one sentence that mattered under forty lines of options (issue 33).
 */
export function usageExit(command: { prefix: string; usage: string }, message: string): never {
  const line = command.usage.split("\n").find((l) => l.startsWith("usage:")) ?? "";
  // "usage: mcp-resource-inspector resources list|…" → the command whose --help says the rest.
  const named = line ? line.split(" ").slice(1, 3).join(" ") : command.prefix;
  process.stderr.write(
    `${command.prefix}: ${message}\n${line ? `${line}\n` : ""}Run "${named} --help" for every option.\n`,
  );
  process.exit(2);
}

const takesValue = new Map<string, boolean>();

/**
 * Whether a server option (`-e`, `--cwd`, …) takes the next word as its value, asked of args.ts
 * itself: node:util says "argument missing" for a string option given alone, and nothing else
 * does. Without this, `hosts --cwd /srv file:///x -- …` would take /srv for the URI.
 */
export function serverOptionTakesValue(rawName: string): boolean {
  let known = takesValue.get(rawName);
  if (known === undefined) {
    try {
      parseStartArgs([rawName]);
      known = false;
    } catch (err) {
      known = err instanceof UsageError && /argument missing/.test(err.message);
    }
    takesValue.set(rawName, known);
  }
  return known;
}

export function parseOneShot<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  command: OneShotCommand<T>,
): OneShotArgs<T> {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? [...argv] : argv.slice(0, dash);
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      allowPositionals: true,
      // Not strict: the server's options are not ours to know; they are passed on below.
      strict: false,
      tokens: true,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
    });
  } catch (err) {
    usageExit(command, (err as Error).message);
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  // Indices into `own` of what is the command's; the rest goes on as typed.
  const mine = new Set<number>();
  const words: string[] = [];
  let serverValueAt = -1;
  for (const t of parsed.tokens) {
    if (t.kind === "option" && (t.name === "help" || Object.hasOwn(command.options, t.name))) {
      mine.add(t.index);
      if (t.value !== undefined && !t.inlineValue) mine.add(t.index + 1);
      if (command.options[t.name]?.type === "string" && t.value === undefined)
        usageExit(command, `--${t.name} needs a value`);
    } else if (t.kind === "option") {
      if (!t.inlineValue && serverOptionTakesValue(t.rawName)) serverValueAt = t.index + 1;
    } else if (t.kind === "positional" && t.index !== serverValueAt && words.length < (command.words ?? 0)) {
      words.push(t.value);
      mine.add(t.index);
    }
  }
  const passOn = own.filter((_, i) => !mine.has(i));
  // Not strict, node:util also has a value for each option it did not know: those are the server's.
  const values = Object.fromEntries(
    Object.entries(parsed.values).filter(([name]) => Object.hasOwn(command.options, name)),
  ) as Values<T>;
  return {
    values,
    words,
    serverArgs: dash < 0 ? passOn : [...passOn, ...argv.slice(dash)],
  };
}

/** A whole-number option (`--count 3`), at least `min`; undefined when not given. */
export function wholeNumber(
  command: { prefix: string; usage: string },
  value: string | undefined,
  name: string,
  min = 0,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min)
    usageExit(command, `--${name} takes a whole number${min > 0 ? ` from ${min}` : ""}, got "${value}"`);
  return n;
}
