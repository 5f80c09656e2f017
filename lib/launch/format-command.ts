/**
 * A command spec back to the line `parseCommandLine` (lib/launch/command-line.ts) and a shell
 * split to the same env, program and args. Apart from the parser so that showing a command (a
 * failed start's Edit, the server list) does not load the shell parser with the first page.
 */
import type { CommandSpec } from "./launch-contract";

export class CommandLineError extends Error {
  override name = "CommandLineError";
}

/** `NAME=` at the start of a word: an environment assignment. */
export const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

// Words made only of these need no quoting (as Python's shlex.quote, plus non-ASCII letters).
const SAFE_WORD = /^[\p{L}\p{N}_@%+=:,./-]+$/u;

/**
 * Quotes one word for a POSIX shell. Hand-written rather than shell-quote's `quote()`, which
 * escapes `:` and `=` (`https\://…`), making the command shown on the consent screen hard to read.
 */
function quoteWord(word: string, force = false): string {
  if (!force && SAFE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Renders a spec as a line that `parseCommandLine` (and a shell) splits back to the same env,
 * program and args. `cwd` is not part of a command line and is left out.
 */
export function formatCommandLine(spec: CommandSpec): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(spec.env)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw new CommandLineError(`"${name}" is not a valid variable name`);
    parts.push(`${name}=${quoteWord(value)}`);
  }
  // A program such as `a=b` would read back as an assignment.
  parts.push(quoteWord(spec.program, ASSIGNMENT.test(spec.program)));
  for (const arg of spec.args) parts.push(quoteWord(arg));
  return parts.join(" ");
}
