/**
 * What cmd and PowerShell interpret, from the words after their name (shell-launch.ts decides a
 * command runs through one): cmd's `/c`/`/k` line, PowerShell's `-Command`, `-EncodedCommand`
 * (decoded, so the review step can show it) or `-File`, its parameters matched by prefix.
 */
import { decodeBase64Lenient } from "../content/base64";

/**
 * `argIndex`: the index, in the words given, of the word where the script (or file name) starts;
 * absent when it is part of a word (`--command=…`) or `env -S` made the words.
 */
export type ShellInput =
  | { kind: "script"; script: string; argIndex?: number }
  /** PowerShell `-EncodedCommand`: base64 of UTF-16LE text, decoded here so it can be read. */
  | { kind: "encoded"; script: string; argIndex?: number }
  | { kind: "file"; path: string; argIndex?: number }
  /** No script given: the shell reads commands from standard input. */
  | { kind: "stdin" };

/** `cmd /c …` and `cmd /k …`: the rest of the line, after cmd's other switches. */
export function cmdInput(words: readonly string[], start: number): ShellInput {
  for (let i = start; i < words.length; i += 1) {
    const w = words[i] ?? "";
    const m = /^\/[ck](.*)$/is.exec(w);
    if (m) {
      const rest = [m[1] ?? "", ...words.slice(i + 1)].filter((part, k) => k > 0 || part !== "");
      return { kind: "script", script: rest.join(" "), argIndex: m[1] ? i : i + 1 };
    }
    if (!w.startsWith("/")) break;
  }
  return { kind: "stdin" };
}

/** PowerShell accepts any prefix of a parameter name from its shortest unambiguous one. */
function isParam(word: string, full: string, shortest: string, aliases: readonly string[] = []): boolean {
  const m = /^(?:--?|\/)([A-Za-z]+)$/.exec(word);
  const name = m?.[1]?.toLowerCase();
  if (name === undefined) return false;
  return aliases.includes(name) || (name.startsWith(shortest) && full.startsWith(name));
}

const PS_VALUE_PARAMS: readonly [string, string, string[]][] = [
  ["executionpolicy", "ex", ["ep"]],
  ["windowstyle", "w", []],
  ["outputformat", "o", ["of"]],
  ["inputformat", "in", ["if"]],
  ["configurationname", "config", []],
  ["workingdirectory", "wo", ["wd"]],
  ["psconsolefile", "psc", []],
  ["version", "v", []],
  ["custompipename", "cus", []],
  ["settingsfile", "settings", []],
  ["encodedarguments", "encodeda", ["ea"]],
];

function decodeUtf16Base64(b64: string): string {
  return new TextDecoder("utf-16le").decode(decodeBase64Lenient(b64));
}

export function powershellInput(shell: string, words: readonly string[], start: number): ShellInput {
  for (let i = start; i < words.length; i += 1) {
    const w = words[i] ?? "";
    if (isParam(w, "command", "c")) {
      return { kind: "script", script: words.slice(i + 1).join(" "), argIndex: i + 1 };
    }
    if (isParam(w, "encodedcommand", "e", ["ec"])) {
      return { kind: "encoded", script: decodeUtf16Base64(words[i + 1] ?? ""), argIndex: i + 1 };
    }
    if (isParam(w, "file", "f")) return { kind: "file", path: words[i + 1] ?? "", argIndex: i + 1 };
    if (PS_VALUE_PARAMS.some(([full, shortest, aliases]) => isParam(w, full, shortest, aliases))) {
      i += 1;
      continue;
    }
    if (/^(?:--?|\/)[A-Za-z]+$/.test(w)) continue; // a switch such as -NoProfile
    // A bare first word: a script file for pwsh, a command for Windows PowerShell 5.
    if (shell === "powershell") return { kind: "script", script: words.slice(i).join(" "), argIndex: i };
    return { kind: "file", path: w, argIndex: i };
  }
  return { kind: "stdin" };
}
