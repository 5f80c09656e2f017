/**
 * Whether a command runs through a shell, and what that shell will interpret. The inspector spawns
 * argv without a shell, but `sh -c '… | sh'`, `/usr/bin/env bash -c …` or `cmd /c …` hands the
 * quoted text to one, and the consent step must not call that "without a shell".
 *
 * A command is first stripped of the wrappers that only run the next word as a program (`env`,
 * `sudo`, `nice`, `timeout`, `busybox`…), skipping their options, so `env FOO=1 sudo -u x bash -c`
 * is seen as bash. Wrappers that themselves start a shell (`su`, `sudo -s`, `npx --call`) count
 * as shells. Names compare as basenames, case-insensitively and without `.exe`, as Windows and
 * macOS file systems would find them.
 */
import { cmdInput, powershellInput, type ShellInput } from "./windows-shell-input";

export type { ShellInput };

export interface ShellRun {
  /** The shell as the user would name it: "bash", "powershell", "sh (npx --call)". */
  shell: string;
  input: ShellInput;
}

export interface CommandView {
  /** The wrappers before the program, as basenames ("env", "sudo"). */
  via: string[];
  /** The basename of the program that finally runs, lowercased; "" when there is none. */
  program: string;
  /** That program and its arguments. */
  words: string[];
  shell: ShellRun | null;
}

/** `/usr/bin/Bash.exe` → `bash`. */
export function commandName(word: string): string {
  const base = word.split(/[/\\]/).pop() ?? word;
  return base.toLowerCase().replace(/\.(?:exe|com)$/, "");
}

// prettier-ignore
const POSIX_SHELLS = new Set([
  "sh", "bash", "rbash", "zsh", "dash", "ksh", "mksh", "pdksh", "oksh", "lksh", "loksh", "yash",
  "posh", "ash", "hush", "osh", "ysh",
]);
/** Shells whose `-c` takes the script as its own value. */
const VALUE_C_SHELLS = new Set(["fish", "csh", "tcsh", "nu", "elvish", "xonsh"]);
const POWERSHELLS = new Set(["pwsh", "powershell", "pwsh-preview"]);

/** `bash-5.2` and `ksh93` are the shells `bash` and `ksh`. */
function unversioned(name: string): string {
  return name.replace(/-?\d[\d.]*$/, "");
}

export function isShellName(name: string): boolean {
  const n = unversioned(commandName(name));
  return POSIX_SHELLS.has(n) || VALUE_C_SHELLS.has(n) || POWERSHELLS.has(n) || n === "cmd";
}

interface WrapperOptions {
  /** Options that take a value: single letters and long names (without dashes). */
  values: readonly string[];
  /** Operands before the command (`timeout 5 cmd`: the duration). */
  operands?: number;
  /** `NAME=value` words before the command are assignments (`env`, `sudo`). */
  assignments?: boolean;
}

// Only options that take a value need listing; any other `-x` is skipped as a flag.
const WRAPPERS: Record<string, WrapperOptions> = {
  env: { values: ["u", "C", "S", "P", "unset", "chdir", "split-string"], assignments: true },
  sudo: {
    // prettier-ignore
    values: ["u", "g", "C", "D", "h", "p", "r", "t", "U", "T", "R", "c", "user", "group", "chdir",
      "close-from", "host", "prompt", "role", "type", "other-user", "command-timeout", "chroot",
      "login-class"],
    assignments: true,
  },
  doas: { values: ["u", "C"] },
  pkexec: { values: ["user"] },
  run0: { values: ["u", "user", "D", "chdir", "setenv", "property", "unit", "description", "slice"] },
  nice: { values: ["n", "adjustment"] },
  nohup: { values: [] },
  setsid: { values: [] },
  timeout: { values: ["s", "k", "signal", "kill-after"], operands: 1 },
  stdbuf: { values: ["i", "o", "e", "input", "output", "error"] },
  ionice: { values: ["c", "n", "p", "P", "u", "class", "classdata", "pid", "pgid", "uid"] },
  time: { values: ["f", "o", "format", "output"] },
  command: { values: [] },
  exec: { values: ["a"] },
  builtin: { values: [] },
};

/** Multi-call binaries: the next word names the program (`busybox sh`). */
const MULTI_CALL = new Set(["busybox", "toybox"]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface SkippedOptions {
  /** Index of the first word after the options (and listed operands). */
  next: number;
  /** Short flags and long names seen, without values. */
  flags: Set<string>;
  /** Values of the options that take one, by option. */
  values: Map<string, string>;
}

function skipOptions(words: readonly string[], start: number, options: WrapperOptions): SkippedOptions {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const takesValue = new Set(options.values);
  let i = start;
  while (i < words.length) {
    const w = words[i] ?? "";
    if (w === "--") {
      i += 1;
      break;
    }
    if (w.startsWith("--")) {
      const eq = w.indexOf("=");
      const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
      flags.add(name);
      if (eq >= 0) values.set(name, w.slice(eq + 1));
      else if (takesValue.has(name)) {
        values.set(name, words[i + 1] ?? "");
        i += 1;
      }
      i += 1;
    } else if (w.startsWith("-") && w.length > 1) {
      for (let k = 1; k < w.length; k += 1) {
        const letter = w[k] ?? "";
        flags.add(letter);
        if (takesValue.has(letter)) {
          if (k + 1 < w.length) values.set(letter, w.slice(k + 1));
          else {
            values.set(letter, words[i + 1] ?? "");
            i += 1;
          }
          break;
        }
      }
      i += 1;
    } else if (options.assignments && ASSIGNMENT.test(w)) {
      i += 1;
    } else break;
  }
  return { next: Math.min(i + (options.operands ?? 0), words.length), flags, values };
}

/** Splits `env -S` text into words the way env does: spaces separate, quotes group. */
function splitEnvString(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|((?:[^\s"'\\]|\\.)+)/g)) {
    const part = m[1] ?? m[2] ?? m[3] ?? "";
    words.push(m[2] !== undefined ? part : part.replace(/\\(.)/g, "$1"));
  }
  return words;
}

/** What a POSIX-family or value-`-c` shell interprets, from the words after its name. */
function posixInput(shell: string, words: readonly string[], start: number): ShellInput {
  const valueC = VALUE_C_SHELLS.has(shell);
  let script: ShellInput | null = null;
  let readsStdin = false;
  let hasC = false;
  let i = start;
  while (i < words.length) {
    const w = words[i] ?? "";
    if (w === "--" || w === "-") {
      i += 1;
      break;
    }
    if (w.startsWith("--")) {
      const [name = "", value] = w.slice(2).split(/=(.*)/s);
      const isCommand = ["command", "commands", "init-command"].includes(name);
      const isValue = isCommand || ["rcfile", "init-file"].includes(name);
      const v = value ?? (isValue ? words[i + 1] : undefined);
      if (isValue && value === undefined) i += 1;
      if (isCommand && v !== undefined && script === null)
        script = { kind: "script", script: v, ...(value === undefined ? { argIndex: i } : {}) };
      i += 1;
      continue;
    }
    if (!/^[-+]./.test(w)) break;
    const cluster = w.slice(1);
    i += 1;
    for (let k = 0; k < cluster.length; k += 1) {
      const letter = cluster[k];
      if (letter === "s") readsStdin = true;
      if (letter === "o" || letter === "O") {
        i += 1; // `-o pipefail`: the option's name
        break;
      }
      if (letter === "c" || (valueC && letter === "C")) {
        if (!valueC) {
          hasC = true;
          continue;
        }
        const rest = cluster.slice(k + 1);
        if (script === null) {
          script =
            rest !== ""
              ? { kind: "script", script: rest }
              : { kind: "script", script: words[i] ?? "", argIndex: i };
        }
        if (rest === "") i += 1;
        break;
      }
    }
  }
  if (script !== null) return script;
  const operand = words[i];
  if (hasC) return { kind: "script", script: operand ?? "", argIndex: i };
  if (operand === undefined || readsStdin) return { kind: "stdin" };
  return { kind: "file", path: operand, argIndex: i };
}

function shellInput(shell: string, words: readonly string[], start: number): ShellInput {
  if (shell === "cmd") return cmdInput(words, start);
  if (POWERSHELLS.has(shell)) return powershellInput(shell, words, start);
  return posixInput(shell, words, start);
}

/** A script and where it starts, for a wrapper that runs one through a shell. */
function wrapperScript(words: readonly string[], from: number): ShellInput {
  if (from >= words.length) return { kind: "stdin" };
  return { kind: "script", script: words.slice(from).join(" "), argIndex: from };
}

/** Drops `argIndex` where it would point into words `env -S` made rather than the words given. */
function withoutIndex(input: ShellInput): ShellInput {
  if (input.kind === "stdin" || input.argIndex === undefined) return input;
  const { argIndex: _dropped, ...rest } = input;
  return rest;
}

/** su's `-c` script and `-s` shell; GNU su takes options after the user name too. */
function suRun(words: readonly string[], start: number): ShellRun {
  let script: ShellInput = { kind: "stdin" };
  let shellPath: string | undefined;
  for (let k = start; k < words.length; k += 1) {
    const w = words[k] ?? "";
    const inline = /^--(?:session-)?command=(.*)$/s.exec(w);
    if (inline) script = { kind: "script", script: inline[1] ?? "" };
    else if (/^-[a-z]*c$/.test(w) || w === "--command" || w === "--session-command") {
      script = { kind: "script", script: words[k + 1] ?? "", argIndex: k + 1 };
      k += 1;
    } else if (w === "-s" || w === "--shell") {
      shellPath = words[k + 1];
      k += 1;
    } else if (w.startsWith("--shell=")) shellPath = w.slice("--shell=".length);
  }
  const shell = shellPath ? `${commandName(shellPath)} (su)` : "the user's login shell (su)";
  return { shell, input: script };
}

// prettier-ignore
const NPM_VALUE_OPTIONS = new Set(["-p", "--package", "--cache", "--registry", "--userconfig", "-w",
  "--workspace", "--prefix", "--loglevel", "--node-options", "--script-shell"]);

/**
 * `npx -c 'script'` and `npm exec --call 'script'` run the script through npm's script-shell (sh,
 * or cmd on Windows). Only npx's own options count: after the package name, `-c` is the package's.
 */
function npmCall(words: readonly string[], at: number): ShellInput | null {
  const name = commandName(words[at] ?? "");
  let i = at + 1;
  if (name === "npm") {
    if (!["exec", "x"].includes(words[i] ?? "")) return null;
    i += 1;
  } else if (name !== "npx") return null;
  for (; i < words.length; i += 1) {
    const w = words[i] ?? "";
    const inline = /^--call=(.*)$/s.exec(w);
    if (inline) return { kind: "script", script: inline[1] ?? "" };
    if (w === "-c" || w === "--call") return { kind: "script", script: words[i + 1] ?? "", argIndex: i + 1 };
    if (w === "--" || !w.startsWith("-")) return null;
    if (NPM_VALUE_OPTIONS.has(w)) i += 1;
  }
  return null;
}

/**
 * Looks through wrappers to the program a command finally runs, and whether that is a shell.
 * `words[0]` is the program as given.
 */
export function viewCommand(words: readonly string[]): CommandView {
  const via: string[] = [];
  let current: readonly string[] = words;
  // Once `env -S` has split a string into words, indexes no longer point into `words`.
  let madeWords = false;
  const view = (i: number, run: ShellRun | null): CommandView => ({
    via,
    program: commandName(current[i] ?? ""),
    words: current.slice(i),
    shell: run === null ? null : { shell: run.shell, input: madeWords ? withoutIndex(run.input) : run.input },
  });

  let i = 0;
  // Bounded: `env -S` can nest words, and a pasted line should not spin the review.
  for (let depth = 0; depth < 32; depth += 1) {
    const word = current[i];
    if (word === undefined) break;
    const name = commandName(word);
    const plain = unversioned(name);

    if (POSIX_SHELLS.has(plain) || VALUE_C_SHELLS.has(plain) || POWERSHELLS.has(plain) || plain === "cmd") {
      return view(i, { shell: name, input: shellInput(plain, current, i + 1) });
    }
    if (name === "su") return view(i, suRun(current, i + 1));
    const call = npmCall(current, i);
    if (call !== null) return view(i, { shell: `sh (${name} --call)`, input: call });
    if (MULTI_CALL.has(name)) {
      via.push(name);
      i += current[i + 1] === "--" ? 2 : 1;
      continue;
    }
    const options = WRAPPERS[name];
    if (options === undefined) break;
    via.push(name);
    const skipped = skipOptions(current, i + 1, options);
    const split =
      name === "env" ? (skipped.values.get("S") ?? skipped.values.get("split-string")) : undefined;
    if (split !== undefined) {
      current = [...splitEnvString(split), ...current.slice(skipped.next)];
      madeWords = true;
      i = 0;
      continue;
    }
    if (
      (name === "sudo" || name === "doas") &&
      ["s", "i", "shell", "login"].some((f) => skipped.flags.has(f))
    ) {
      // `sudo -s cmd args` runs `$SHELL -c 'cmd args'` as the target user.
      const flag = skipped.flags.has("i") || skipped.flags.has("login") ? "-i" : "-s";
      return view(i, {
        shell: `the target user's shell (${name} ${flag})`,
        input: wrapperScript(current, skipped.next),
      });
    }
    i = skipped.next;
  }
  return view(i, null);
}
