/**
 * What the consent step warns about before a pasted command runs. Warnings inform; they never
 * block: the user may have good reasons, and the review already shows the exact argv.
 *
 * Checked, at the top level and inside every script a shell is handed (`sh -c '…'`, nested ones,
 * `$(…)`, `<(…)`, PowerShell's decoded `-EncodedCommand`):
 * - hidden characters (lib/launch/hidden-characters.ts): danger for direction changes and tag characters,
 *   which can make text read as something else; caution for the rest;
 * - the command going through a shell, and what the shell interprets;
 * - privilege escalation (`sudo`, `doas`, `su`…) as a command word;
 * - recursive forced deletion (`rm -rf`, `rm -r -f`, `Remove-Item -Recurse -Force`, `rd /s /q`);
 * - downloaded code run at once (`curl … | sh`, `wget -O- … | python3`, `sh -c "$(curl …)"`,
 *   `bash <(curl …)`, `iwr … | iex`);
 * - paths into an SSH folder (`~/.ssh`, `$HOME/.ssh`, `/home/x/.ssh`, `/root/.ssh`).
 * Heuristics for a person reading the review, not a sandbox: a determined script can hide intent
 * (`$(printf …)`), which is why going through a shell is itself called out.
 */
import type { CommandSpec } from "../api/contract";
import { escapeHidden, findHiddenCharacters, type HiddenCharacter } from "./hidden-characters";
import { viewCommand, type CommandView, type ShellRun } from "./shell-launch";
import { readScript, type Pipeline } from "./shell-script";
import { urlSlip } from "./url-slip";

export type WarningLevel = "caution" | "danger";

export interface LaunchWarning {
  level: WarningLevel;
  message: string;
}

const PRIVILEGE = new Set(["sudo", "doas", "su", "pkexec", "run0", "gsudo", "runas"]);
// prettier-ignore
const DOWNLOADERS = new Set([
  "curl", "wget", "wget2", "fetch", "aria2c", "http", "https", "xh", "lwp-request", "lwp-download",
  "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "certutil", "bitsadmin",
]);
/** Interpreters that run code given on standard input when named without a script. */
const INTERPRETERS =
  /^(?:python[\d.]*|pypy[\d.]*|node|nodejs|deno|bun|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|osascript)$/;
/** Run their argument (or input) as code. */
const EVALUATORS = new Set(["eval", "source", ".", "iex", "invoke-expression"]);
// prettier-ignore
const RESERVED = new Set(["!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until",
  "coproc"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** A path segment named `.ssh`, however the home folder before it is written. */
const SSH_PATH = /(?:^|[\s/\\='"`:;,(])\.ssh(?=$|[\s/\\'"`:;,)|&])/;
/** Scripts nest (`sh -c "bash -c '…'"`); deeper than this is not worth reading for a warning. */
const MAX_DEPTH = 8;
const EXCERPT = 120;
const DOWNLOAD_LEAD = "Downloads code and runs it at once:";

/** Text from the command, safe to put in a message: hidden characters escaped, length capped. */
function quote(text: string): string {
  const flat = escapeHidden(text);
  return `“${flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat}”`;
}

function listOf(items: readonly string[], max = 6): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join("; ")}; and ${more} more` : shown.join("; ");
}

interface Place {
  /** "the program", "argument 2", "the value of API_KEY". */
  where: string;
  text: string;
}

function places(spec: CommandSpec): Place[] {
  const list: Place[] = [{ where: "the program", text: spec.program }];
  spec.args.forEach((text, i) => list.push({ where: `argument ${i + 1}`, text }));
  for (const [name, value] of Object.entries(spec.env)) {
    list.push({ where: `the variable name ${quote(name)}`, text: name });
    list.push({ where: `the value of ${escapeHidden(name)}`, text: value });
  }
  return list;
}

function hiddenWarning(spec: CommandSpec): LaunchWarning | null {
  const found: string[] = [];
  const all: HiddenCharacter[] = [];
  for (const { where, text } of places(spec)) {
    const hidden = findHiddenCharacters(text);
    if (hidden.length === 0) continue;
    all.push(...hidden);
    const distinct = [...new Map(hidden.map((c) => [c.code, `${c.code} ${c.name}`])).values()];
    found.push(`${distinct.join(", ")} in ${where}`);
  }
  if (found.length === 0) return null;
  const reorders = all.some((c) => c.kind === "bidi" || (c.codePoint >= 0xe0000 && c.codePoint <= 0xe007f));
  return {
    level: reorders ? "danger" : "caution",
    message:
      `The command contains invisible or direction-changing characters, shown here as ⟨U+…⟩: ${listOf(found)}.` +
      (reorders
        ? " Direction controls and tag characters can make text read differently from what runs."
        : ""),
  };
}

/** The argument a shell input starts at, as the review numbers arguments (1 = first after the program). */
function argumentOf(run: ShellRun): number | null {
  const input = run.input;
  return input.kind !== "stdin" && input.argIndex !== undefined ? input.argIndex : null;
}

/** The review's first line: honest about whether a shell is involved, and what it interprets. */
export function describeLaunch(run: ShellRun | null): string {
  if (run === null) return "This will run on your machine, without a shell:";
  const shell = escapeHidden(run.shell);
  const at = argumentOf(run);
  const lead = `This will run on your machine through a shell: ${shell}`;
  switch (run.input.kind) {
    case "script":
      return `${lead} will interpret the quoted script${at === null ? "" : ` (argument ${at})`} as shell code.`;
    case "encoded":
      return `${lead} will run a base64-encoded script; the warnings below show it decoded.`;
    case "file":
      return `${lead} will run the script file ${quote(run.input.path)}.`;
    case "stdin":
      return `${lead} will read commands from its standard input.`;
  }
}

function shellWarning(run: ShellRun | null): LaunchWarning | null {
  if (run === null) return null;
  const shell = escapeHidden(run.shell);
  const at = argumentOf(run);
  switch (run.input.kind) {
    case "script":
      return {
        level: "caution",
        message: `Runs through a shell: ${shell} interprets ${at === null ? "the quoted script" : `argument ${at}`} as shell code, so pipes, redirections, variables and command substitutions in it all take effect. Read the script before you run it.`,
      };
    case "encoded":
      return {
        level: "danger",
        message: `Runs through a shell: ${shell} runs a base64-encoded command${at === null ? "" : ` (argument ${at})`}, hidden from a plain reading. Decoded, it is ${quote(run.input.script)}.`,
      };
    case "file":
      return {
        level: "caution",
        message: `Runs through a shell: ${shell} runs the script file ${quote(run.input.path)}; this review cannot show what is in it.`,
      };
    case "stdin":
      return {
        level: "caution",
        message: `Runs through a shell: ${shell} gets no script, so it reads commands from its standard input, where the inspector sends MCP messages.`,
      };
  }
}

function isDownloader(view: CommandView): boolean {
  if (DOWNLOADERS.has(view.program)) return true;
  // PowerShell: (New-Object Net.WebClient).DownloadString('…')
  return view.words.some((w) => /\.download(?:string|file|data)\b/i.test(w));
}

/** Runs what arrives on its standard input as code (`sh`, `bash -s`, `python3 -`, `iex`). */
function runsInput(view: CommandView): boolean {
  if (view.shell !== null) {
    const input = view.shell.input;
    return input.kind === "stdin" || (input.kind === "file" && ["-", "/dev/stdin"].includes(input.path));
  }
  if (view.program === "iex" || view.program === "invoke-expression") return true;
  const operands = view.words.slice(1).filter((w) => !w.startsWith("-") || w === "-");
  const first = operands[0];
  if (view.program === "source" || view.program === ".") return first === "/dev/stdin" || first === "-";
  return INTERPRETERS.test(view.program) && (first === undefined || first === "-" || first === "/dev/stdin");
}

/** Runs its arguments as code: a shell, an interpreter, `eval`/`source`. */
function runsCode(view: CommandView): boolean {
  return view.shell !== null || INTERPRETERS.test(view.program) || EVALUATORS.has(view.program);
}

function scriptDownloads(script: string): boolean {
  return readScript(script).some((pipeline) =>
    pipeline.some((command) => isDownloader(viewCommand(stripLeading(command.words)))),
  );
}

/** `rm -rf`, `rm -r -f`, `rm --recursive --force`, `Remove-Item -Recurse -Force`, `rd /s /q`. */
function deletesRecursivelyWithoutAsking(view: CommandView): boolean {
  const pwsh = ["remove-item", "ri", "del", "erase", "rd", "rmdir"].includes(view.program);
  if (view.program !== "rm" && !pwsh) return false;
  let recursive = false;
  let force = false;
  for (const w of view.words.slice(1)) {
    if (w === "--") break;
    const lower = w.toLowerCase();
    if (lower === "--recursive" || /^-r(?:e(?:c(?:u(?:r(?:s(?:e)?)?)?)?)?)?$/.test(lower) || lower === "/s")
      recursive = true;
    else if (lower === "--force" || /^-fo(?:r(?:c(?:e)?)?)?$/.test(lower) || lower === "/q") force = true;
    else if (view.program === "rm" && /^-[A-Za-z]+$/.test(w)) {
      if (/[rR]/.test(w)) recursive = true;
      if (w.includes("f")) force = true;
    }
  }
  return recursive && force;
}

/** Drops what precedes a command word inside a script: `if`, `then`, `!`, `{`, `X=1`. */
function stripLeading(words: readonly string[]): string[] {
  let i = 0;
  while (i < words.length && (RESERVED.has(words[i] ?? "") || ASSIGNMENT.test(words[i] ?? ""))) i += 1;
  return words.slice(i);
}

function pipelineText(pipeline: Pipeline): string {
  return pipeline.map((c) => c.words.join(" ")).join(" | ");
}

class Collector {
  readonly warnings: LaunchWarning[] = [];
  readonly sshPlaces: string[] = [];

  add(level: WarningLevel, message: string): void {
    if (!this.warnings.some((w) => w.message === message)) this.warnings.push({ level, message });
  }

  /**
   * One download warning, the outermost found: `sh -c "$(curl …)"` inside `sh -c` would otherwise
   * be reported again for the inner script, which is the same download.
   */
  download(text: string, within: string): void {
    if (this.warnings.some((w) => w.message.startsWith(DOWNLOAD_LEAD))) return;
    this.add("danger", `${DOWNLOAD_LEAD} ${quote(text)}${within}.`);
  }

  /** One command as words; `within` names the script it sits in ("" at the top level). */
  command(words: readonly string[], within: string, depth: number): void {
    const view = viewCommand(words);
    for (const name of [...view.via, view.program]) {
      if (PRIVILEGE.has(name)) {
        this.add("danger", `Asks for administrator (root) rights: runs ${name}${within}.`);
      }
    }
    if (deletesRecursivelyWithoutAsking(view)) {
      this.add(
        "danger",
        `Deletes files recursively without asking: ${quote(view.words.join(" "))}${within}.`,
      );
    }
    const input = view.shell?.input;
    if (view.shell !== null && (input?.kind === "script" || input?.kind === "encoded") && depth < MAX_DEPTH) {
      this.script(input.script, `the ${escapeHidden(view.shell.shell)} script`, depth + 1);
    }
  }

  /** A script a shell interprets; `label` names it ("the bash script"). */
  script(script: string, label: string, depth: number): void {
    const within = ` (in ${label})`;
    const pipelines = readScript(script);
    // Quotes can split `.ssh` in the source (`~/.s""sh`), which the caller's check of the raw
    // text misses; the words have them removed.
    const sshInWords = pipelines.some((p) => p.some((c) => c.words.some((w) => SSH_PATH.test(w))));
    if (sshInWords && !SSH_PATH.test(script)) this.sshPlaces.push(label);
    for (const pipeline of pipelines) {
      const views = pipeline.map((c) => viewCommand(stripLeading(c.words)));
      const downloadAt = views.findIndex(isDownloader);
      const runs = views.some((v, i) => i > downloadAt && runsInput(v));
      const iex = views.some((v) => v.program === "iex" || v.program === "invoke-expression");
      if (downloadAt >= 0 && (runs || iex)) {
        this.download(pipelineText(pipeline), within);
      }
      pipeline.forEach((c, i) => {
        const view = views[i];
        if (view === undefined) return;
        // `sh -c "$(curl …)"`, `bash <(curl …)`, `$(curl …)` as the command itself.
        const runsOutput = runsCode(view) || /^(?:\$\(|`|<\()/.test(view.words[0] ?? "");
        if (runsOutput && c.substitutions.some(scriptDownloads)) {
          this.download(c.words.join(" "), within);
        }
        this.command(stripLeading(c.words), within, depth);
        if (depth < MAX_DEPTH) for (const sub of c.substitutions) this.script(sub, label, depth + 1);
      });
    }
  }
}

/** Warnings for the review, most severe first; empty when nothing stands out. */
export function launchWarnings(spec: CommandSpec): LaunchWarning[] {
  const collector = new Collector();
  const slip = spec.args.length === 0 ? urlSlip(spec.program) : null;
  if (slip) collector.add("danger", `${slip.message} Paste the URL to connect to a remote server.`);
  const hidden = hiddenWarning(spec);
  if (hidden) collector.add(hidden.level, hidden.message);
  const words = [spec.program, ...spec.args];
  const shell = shellWarning(viewCommand(words).shell);
  if (shell) collector.add(shell.level, shell.message);
  collector.command(words, "", 0);
  const ssh = places(spec)
    .filter(({ text }) => SSH_PATH.test(text))
    .map(({ where }) => where);
  ssh.push(...collector.sshPlaces);
  if (ssh.length > 0) {
    collector.add(
      "danger",
      `Refers to an SSH folder (~/.ssh), where your private keys live: ${listOf([...new Set(ssh)])}.`,
    );
  }
  const { warnings } = collector;
  return [...warnings.filter((w) => w.level === "danger"), ...warnings.filter((w) => w.level === "caution")];
}

/** The shell the command runs through, or null when it runs without one. */
export function launchShell(spec: CommandSpec): ShellRun | null {
  return viewCommand([spec.program, ...spec.args]).shell;
}
