import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, link, lstat, open, opendir, realpath, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "node:util";
import { checkFileSchema, type CheckFile } from "@/lib/check/schema";
import { findJsonSyntaxError } from "@/lib/json/json-scan";
import { isInside } from "./checks-root";

export const CHECK_SUFFIX = ".check.json";
export { DEFAULT_CHECK_DIR } from "./checks-root";

/**
 * A check or env file that cannot be used. The message names the file (as the caller labels it)
 * and where it is wrong — line and column, field path, line number — never what it contains.
 */
export class CheckFileError extends Error {}

/** Saving without `overwrite` found a file already there (→ 409). */
export class CheckExistsError extends CheckFileError {}

/** A check file bigger than this is not a recording (blob expectations keep hashes, not bytes). */
const MAX_CHECK_FILE_BYTES = 32 * 1024 * 1024;
/** An env file bigger than this is a wrong path (a log, a device), not KEY=value lines. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;

function describeIoError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "not readable (permission denied)";
  if (code === "ELOOP") return "a loop of symbolic links";
  if (code === "EISDIR") return "a folder, not a file";
  return `could not be read (${code ?? "error"})`;
}

/** A regular file's text, refusing other kinds and sizes over `max`; errors name `label` only. */
async function readBounded(file: string, label: string, max: number): Promise<string> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new CheckFileError(`${label}: ${describeIoError(err)}`);
  }
  try {
    const st = await handle.stat();
    if (st.isDirectory()) throw new CheckFileError(`${label}: a folder, not a file`);
    if (!st.isFile()) throw new CheckFileError(`${label}: not a regular file`);
    if (st.size > max) throw new CheckFileError(`${label}: larger than ${max} bytes`);
    const buf = Buffer.alloc(st.size + 1);
    let size = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, size, buf.length - size, size);
      if (bytesRead === 0) break;
      size += bytesRead;
      // One byte more than stat said: it grows while we read (a log?); not a file to trust.
      if (size === buf.length) throw new CheckFileError(`${label}: changed while being read`);
    }
    return buf.subarray(0, size).toString("utf8");
  } catch (err) {
    if (err instanceof CheckFileError) throw err;
    throw new CheckFileError(`${label}: ${describeIoError(err)}`);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Finding check files

export interface WalkLimits {
  maxDepth: number;
  maxEntries: number;
  maxFiles: number;
}

/** What a request may make the app walk: listing a folder must not stall the server. */
export const APP_WALK_LIMITS: WalkLimits = { maxDepth: 8, maxEntries: 2_000, maxFiles: 500 };

export interface WalkResult {
  /** Absolute paths below the folder walked, sorted. */
  files: string[];
  /** Set when the walk stopped early or left something out, saying what and why. */
  cut?: string;
}

/**
 * The check files below `dir`, asynchronously and within `limits`; dot-names and node_modules are
 * skipped, and so is a symlink whose real path is outside `boundary` (a real folder path). Linked
 * files inside it are listed; linked folders are not followed (no cycles to guard).
 */
export async function walkCheckFiles(dir: string, boundary: string, limits: WalkLimits): Promise<WalkResult> {
  const files: string[] = [];
  const notes: string[] = [];
  let entries = 0;
  let stopped = false;
  const visit = async (folder: string, depth: number): Promise<void> => {
    let handle;
    try {
      handle = await opendir(folder);
    } catch {
      return; // unreadable or gone meanwhile: nothing to list there
    }
    for await (const e of handle) {
      if (++entries > limits.maxEntries) {
        notes.push(`stopped after looking at ${limits.maxEntries} entries`);
        stopped = true;
      }
      if (stopped) break;
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = path.join(folder, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          const real = await realpath(p);
          if (!isInside(boundary, real)) continue;
          isDir = false;
          isFile = (await stat(real)).isFile();
        } catch {
          continue; // dangling
        }
      }
      if (isDir) {
        if (depth >= limits.maxDepth) {
          if (!notes.some((n) => n.startsWith("did not look"))) {
            notes.push(`did not look more than ${limits.maxDepth} folders deep`);
          }
          continue;
        }
        await visit(p, depth + 1);
        if (stopped) break;
      } else if (isFile && e.name.endsWith(CHECK_SUFFIX)) {
        if (files.length >= limits.maxFiles) {
          notes.push(`stopped at ${limits.maxFiles} check files`);
          stopped = true;
          break;
        }
        files.push(p);
      }
    }
  };
  await visit(dir, 0);
  files.sort();
  return notes.length ? { files, cut: notes.join("; ") } : { files };
}

/** What the CLI walks: its user chose the folders, so only absurd trees are cut (and it says so). */
export const CLI_WALK_LIMITS: WalkLimits = { maxDepth: 32, maxEntries: 200_000, maxFiles: 20_000 };

/**
 * The CLI's targets (files and folders, any path its user gives) expanded into check files,
 * sorted for a stable order. A folder walk that was cut is an error: CI must not pass on a part.
 */
export async function findCheckFiles(targets: readonly string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const t of targets) {
    let st;
    try {
      st = await stat(t);
    } catch {
      throw new CheckFileError(`${t}: no such file or folder`);
    }
    if (!st.isDirectory()) {
      out.add(path.resolve(t));
      continue;
    }
    const dir = path.resolve(t);
    const { files, cut } = await walkCheckFiles(dir, await realpath(dir), CLI_WALK_LIMITS);
    if (cut) throw new CheckFileError(`${t}: ${cut}; name its subfolders instead`);
    for (const f of files) out.add(f);
  }
  return [...out].sort();
}

// ---------------------------------------------------------------------------------------------
// Check files

interface SchemaIssue {
  code: string;
  message: string;
  expected?: unknown;
  keys?: readonly string[];
  path: readonly PropertyKey[];
}

function describeIssue(issue: SchemaIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${String(issue.expected)}`;
    case "unrecognized_keys": {
      // Field names are the path this error is about, not values.
      const keys = issue.keys ?? [];
      return `unknown field${keys.length > 1 ? "s" : ""} ${keys.map((k) => JSON.stringify(k)).join(", ")}`;
    }
    case "invalid_union": {
      // "Invalid input" said nothing (issue 33): name the shapes, and what is wrong with the
      // nearest one (the branch that got furthest before failing).
      const branches = (issue as { errors?: SchemaIssue[][] }).errors ?? [];
      // The branch with the fewest problems is the one meant ({"command": 3}: command's type).
      const ranked = [...branches].sort((x, y) => x.length - y.length);
      const nearest =
        ranked[0]?.length && ranked[0].length < (ranked[1]?.length ?? Infinity) ? ranked[0][0] : undefined;
      const shapes =
        issue.path[issue.path.length - 1] === "server"
          ? ' (a server is {"command", "args"?, "env"?, "cwd"?}, {"preset": "demo"} or {"url", "transport"?, "headers"?})'
          : "";
      if (!nearest)
        return `matches none of the allowed shapes${shapes}`.replace(" (a", ": a").replace(/\)$/, "");
      const at = nearest.path.map(String).join(".");
      return `${at ? `${at}: ` : ""}${describeIssue(nearest)}${shapes}`;
    }
    case "custom":
      // Our own rules (lib/check/schema.ts) may quote a value ("duplicate step id "x""); the path
      // says where, the value stays in the file.
      return issue.message.replace(/\s*"[^"]*"\s*/g, " ").trim() || "invalid";
    default:
      // zod's own messages name what was expected (types, sizes, options), not what was found.
      return issue.message;
  }
}

/**
 * Read and validate a check file. Errors say which file (`label`), where the JSON breaks (line
 * and column) or which field is wrong (its path) — never its text.
 */
export async function loadCheckFile(file: string, label: string = file): Promise<CheckFile> {
  // Editors on Windows may start the file with a byte-order mark; JSON.parse does not take it.
  const text = (await readBounded(file, label, MAX_CHECK_FILE_BYTES)).replace(/^\uFEFF/, "");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const at = findJsonSyntaxError(text);
    throw new CheckFileError(
      at
        ? `${label}: not valid JSON at line ${at.line}, column ${at.column}: ${at.reason}`
        : `${label}: not valid JSON`,
    );
  }
  const r = checkFileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.map(String).join(".") || "(root)";
    const what = issue ? describeIssue(issue) : "invalid";
    throw new CheckFileError(`${label}: ${where}: ${what}`);
  }
  // Without it every step was "skipped: the server is not connected" (issue 33).
  if (r.data.steps[0]?.action !== "connect")
    throw new CheckFileError(
      `${label}: steps.0: the first step must be {"action": "connect"}: the server starts there, and every later step needs it`,
    );
  return r.data;
}

/** Stable, diff-friendly output: two-space JSON with a trailing newline. */
export function serializeCheck(check: CheckFile): string {
  return `${JSON.stringify(check, null, 2)}\n`;
}

/**
 * Write `content` to `file` atomically, never through a symlink: a temp file beside it (created
 * exclusively, no-follow), fsynced, then renamed over the target — or, without `overwrite`,
 * hard-linked to it, which fails if anything (even a dangling symlink) took the name meanwhile.
 * `label` names the file in errors.
 */
export async function writeFileAtomic(
  file: string,
  content: string,
  options: { overwrite: boolean; label?: string },
): Promise<void> {
  const label = options.label ?? file;
  const dir = path.dirname(file);
  let mode = 0o644;
  try {
    const st = await lstat(file);
    if (st.isSymbolicLink()) throw new CheckFileError(`${label}: is a symbolic link; not writing through it`);
    if (!st.isFile()) throw new CheckFileError(`${label}: exists and is not a regular file`);
    if (!options.overwrite) throw new CheckExistsError(`${label} exists; choose another name or overwrite.`);
    mode = st.mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  // A dot-name: never listed, never taken for a check if a crash leaves it behind.
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
  let tempGone = false;
  try {
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.overwrite) {
      // rename replaces the name itself: a symlink put there meanwhile is replaced, not followed.
      await rename(temp, file);
      tempGone = true;
    } else {
      try {
        await link(temp, file);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "EEXIST")
          throw new CheckExistsError(`${label} exists; choose another name or overwrite.`);
        // Filesystems without hard links: an exclusive create (O_EXCL also refuses a symlink).
        if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw err;
        try {
          await copyFile(temp, file, constants.COPYFILE_EXCL);
        } catch (copyErr) {
          if ((copyErr as NodeJS.ErrnoException).code === "EEXIST")
            throw new CheckExistsError(`${label} exists; choose another name or overwrite.`);
          throw copyErr;
        }
      }
    }
    await syncFolder(dir);
  } finally {
    if (!tempGone) await unlink(temp).catch(() => undefined);
  }
}

/** The rename or link is durable only once the folder's entry is on disk. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const h = await open(dir, constants.O_RDONLY);
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    // Some filesystems refuse fsync on a folder; the data itself is already synced.
  }
}

/**
 * Save a check. `--update` rewrites the user's own files: a symlinked check is written at its
 * real path, so the link stays a link.
 */
export async function saveCheckFile(
  file: string,
  check: CheckFile,
  options: { overwrite: boolean; label?: string } = { overwrite: true },
): Promise<void> {
  let target = file;
  if (options.overwrite) target = await realpath(file).catch(() => file);
  await writeFileAtomic(target, serializeCheck(check), options);
}

// ---------------------------------------------------------------------------------------------
// Env files

/**
 * The first line that is not blank, a comment or `[export] KEY=value` (a quoted value may span
 * lines until its closing quote), or null. Node's parser skips such lines silently; a wrong file
 * (a JSON, a passwd) would then pass as "no variables".
 */
function envFileProblem(text: string): { line: number; reason: string } | null {
  const lines = text.split(/\r\n|\n|\r/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=\s*(.*)$/.exec(line);
    if (!m) return { line: n + 1, reason: "not a KEY=value line" };
    const value = m[1]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === "`") && value.indexOf(quote, 1) === -1) {
      let k = n + 1;
      while (k < lines.length && !lines[k]!.includes(quote)) k++;
      if (k >= lines.length) return { line: n + 1, reason: "a quoted value is never closed" };
      n = k;
    }
  }
  return null;
}

/**
 * KEY=value lines (dotenv syntax, as Node parses it). Throws CheckFileError naming the file
 * (`label`) and the line when it is missing, unreadable, not a regular file, implausibly big or
 * not KEY=value lines; never quotes its content.
 */
export async function readEnvFile(file: string, label: string = file): Promise<Record<string, string>> {
  const text = (await readBounded(file, `env file ${label}`, MAX_ENV_FILE_BYTES)).replace(/^\uFEFF/, "");
  const problem = envFileProblem(text);
  if (problem) throw new CheckFileError(`env file ${label}: line ${problem.line}: ${problem.reason}`);
  return parseEnv(text) as Record<string, string>;
}
