/**
 * Turn a pasted shell command line into the argv we spawn (without a shell), and back.
 *
 * `shell-quote` does the quote removal (single, double, ANSI-C `$'…'`, backslashes). A small guard
 * scanner runs first because shell-quote (1.12) deviates from a POSIX shell in ways that would
 * silently change the argv: it accepts unterminated quotes, keeps backticks as text, treats a `#`
 * inside a word as a comment (`--color=#fff`), splits words on Unicode spaces, does not join
 * `\`-newline continuations, substitutes unknown `$VAR`s with "" and keeps the backslash of `\``
 * inside double quotes. The scanner splits the line into raw words, refuses everything that needs
 * a shell, and hands each word to shell-quote on its own, so one raw word yields one argument.
 *
 * Globs and braces stay literal (no shell expands them); `$VAR`, `${…}` and a leading `~` are
 * refused, never expanded from the backend's environment; a `#` word starts a comment. Invisible
 * and direction-changing characters are kept as typed: the review shows and warns about each
 * (lib/launch/hidden-characters.ts, lib/launch/launch-warnings.ts).
 */
import { parse } from "shell-quote";
import type { CommandSpec } from "./launch-contract";
import { ASSIGNMENT, CommandLineError } from "./format-command";

export { CommandLineError, formatCommandLine } from "./format-command";

const NO_SHELL = "the command runs directly, without a shell";
const ENV_HINT = "environment expansion is not supported; write the value or pass it as KEY=value";

// Longest first, so `&&` is named rather than `&`.
// prettier-ignore
const OPERATORS = [
  "&>>", "<<<", "<<-", ";;&",
  "&&", "||", ";;", ";&", "|&", "&>", ">>", ">&", ">|", "<<", "<&", "<>", "<(", ">(",
  "|", "&", ";", "(", ")", "<", ">",
] as const;

function describeOperator(op: string): string {
  if (op === "<(" || op === ">(") return "process substitution";
  if (op === "(" || op === ")") return "subshell";
  if (/^\d*(?:&>|[<>])/.test(op)) return "redirection";
  if (op === "|" || op === "|&") return "pipe";
  if (op === "&&" || op === "||") return "command list";
  if (op === "&") return "background job";
  return "command separator";
}

function fail(message: string): never {
  throw new CommandLineError(message);
}

/** Splits into raw words (quotes kept) and refuses shell-only syntax; see the module comment. */
function scanWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };

  // A `$` outside single quotes: refuse expansions, keep a lone `$` literal (escaped for shell-quote).
  const dollar = (i: number, quoted: boolean): string => {
    const next = text[i + 1] ?? "";
    if (next === "(") fail(`command substitution "$(…)" is not supported: ${NO_SHELL}`);
    if (next === "{") {
      const close = text.indexOf("}", i);
      fail(`${ENV_HINT} (found "${close < 0 ? text.slice(i) : text.slice(i, close + 1)}")`);
    }
    if (/[A-Za-z0-9_*@#?$!-]/.test(next)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0] ?? next;
      fail(`${ENV_HINT} (found "$${name}")`);
    }
    if (!quoted && next === '"') fail(`locale translation $"…" is not supported: ${NO_SHELL}`);
    return "\\$";
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? "";
    if (c === "\\") {
      const crlf = text.startsWith("\r\n", i + 1); // a Windows line end after `\` also continues
      const next = crlf ? "\n" : text[i + 1];
      if (next === undefined) fail("the line ends with a backslash");
      if (next !== "\n") {
        // shell-quote would split on an escaped Unicode space; quoting keeps it literal, as a shell does.
        word += /\s/.test(next) ? `'${next}'` : c + next;
        inWord = true;
      } // else: `\`-newline is a line continuation, removed.
      i += crlf ? 3 : 2;
    } else if (c === " " || c === "\t" || (c === "\r" && text[i + 1] === "\n")) {
      endWord();
      i += 1;
    } else if (c === "\n") {
      endWord();
      if (text.slice(i).trim() !== "") fail(`a newline separates commands: ${NO_SHELL}; paste one command`);
      i = text.length;
    } else if (c === "#" && !inWord) {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? text.length : eol;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) fail("unterminated single quote (')");
      word += text.slice(i, close + 1);
      inWord = true;
      i = close + 1;
    } else if (c === '"') {
      let j = i + 1;
      let quoted = '"';
      for (;;) {
        const d = text[j];
        if (d === undefined) fail('unterminated double quote (")');
        if (d === '"') break;
        if (d === "\\") {
          const next = text[j + 1] ?? "";
          // shell-quote keeps `\`` as two characters; close and reopen the quote around it.
          if (next === "`") quoted += '"\\`"';
          else if (next !== "\n") quoted += d + next;
          j += 2;
        } else if (d === "`") {
          fail(`command substitution with backticks is not supported: ${NO_SHELL}`);
        } else if (d === "$") {
          quoted += dollar(j, true);
          j += 1;
        } else {
          quoted += d;
          j += 1;
        }
      }
      word += quoted + '"';
      inWord = true;
      i = j + 1;
    } else if (c === "$" && text[i + 1] === "'") {
      // ANSI-C quoting: a backslash escapes the next character, including `'`.
      let j = i + 2;
      while (text[j] !== "'") {
        if (j >= text.length) fail("unterminated $'…' quote");
        j += text[j] === "\\" ? 2 : 1;
      }
      word += text.slice(i, j + 1);
      inWord = true;
      i = j + 1;
    } else if (c === "$") {
      word += dollar(i, false);
      inWord = true;
      i += 1;
    } else if (c === "`") {
      fail(`command substitution with backticks is not supported: ${NO_SHELL}`);
    } else if ("|&;()<>".includes(c)) {
      const op = OPERATORS.find((o) => text.startsWith(o, i)) ?? c;
      // `2>` is one redirection to a shell, not the argument "2" followed by `>`.
      const named = /^\d+$/.test(word) && /^[<>]/.test(op) ? word + op : op;
      fail(`${describeOperator(named)} "${named}" is not supported: ${NO_SHELL}`);
    } else if (/\s/.test(c)) {
      const code = (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
      fail(`unexpected space character U+${code} outside quotes; use a normal space, or quote it`);
    } else if (c === "~" && (!inWord || /^[A-Za-z_][A-Za-z0-9_]*=$/.test(word))) {
      fail('tilde expansion ("~") is not supported; write the full path');
    } else {
      word += c === "#" ? "\\#" : c; // `#` inside a word is literal, unlike in shell-quote.
      inWord = true;
      i += 1;
    }
  }
  endWord();
  return words;
}

/** Removes quotes and escapes from one raw word. */
function unquote(raw: string): string {
  // The scanner has refused every expansion; this callback only guarantees none slips through.
  const entries = parse<string>(raw, (key) => fail(`${ENV_HINT} (found "$${key}")`));
  const only = entries[0];
  if (entries.length !== 1 || only === undefined) fail(`could not split the word ${raw}`);
  if (typeof only === "string") return only;
  if ("op" in only && only.op === "glob") return only.pattern; // literal: see module comment
  return fail(`could not split the word ${raw}`);
}

/**
 * Splits a pasted command line as a POSIX shell would: leading `KEY=value` words become `env`,
 * the next word is the program, the rest are its arguments.
 * @throws CommandLineError for syntax that needs a shell, naming it.
 */
export function parseCommandLine(line: string): CommandSpec {
  const env: Record<string, string> = {};
  const words = scanWords(line.trim());
  let index = 0;
  for (const raw of words) {
    const name = ASSIGNMENT.exec(raw)?.[1];
    if (name === undefined) break;
    env[name] = unquote(raw).slice(name.length + 1);
    index += 1;
  }
  const rawProgram = words[index];
  if (rawProgram === undefined) fail("no program given");
  const program = unquote(rawProgram);
  if (program === "") fail("the program name is empty");
  return { program, args: words.slice(index + 1).map(unquote), env };
}
