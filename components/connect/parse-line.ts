/**
 * What a pasted line is: a server URL (with its target) or a command line (with its spec), or
 * why it is neither. Loaded on its own (components/connect/use-line-parser.ts): the shell parser
 * is not part of the first page's scripts.
 */
import type { CommandSpec } from "@/lib/api/contract";
import { CommandLineError, parseCommandLine } from "@/lib/launch/command-line";
import { looksLikeUrl, parseServerUrl, type UrlTarget } from "@/lib/launch/url-launch";

export type Parsed =
  | { ok: true; spec: CommandSpec; target?: never }
  | { ok: true; target: UrlTarget; spec?: never }
  | { ok: false; message: string };

export function parseLine(line: string): Parsed {
  if (looksLikeUrl(line)) {
    const url = parseServerUrl(line);
    return url.ok ? { ok: true, target: url.target } : { ok: false, message: url.message };
  }
  try {
    return { ok: true, spec: parseCommandLine(line) };
  } catch (error) {
    if (error instanceof CommandLineError) return { ok: false, message: error.message };
    throw error;
  }
}
