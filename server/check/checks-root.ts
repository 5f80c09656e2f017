import "server-only";
import { lstat, mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { appRoot } from "@/server/mcp/launch";

/**
 * The one folder the app reads and writes checks in. Requests name folders and files relative to
 * it and can never leave it: it is set at start (MCP_INSPECTOR_CHECKS_DIR), never by a request.
 * The CLI is not bound by it — its user names any path on their own command line.
 */
export const CHECKS_DIR_VAR = "MCP_INSPECTOR_CHECKS_DIR";
export const DEFAULT_CHECK_DIR = "mcp-checks";

/** A name from a request that does not lead to a place inside the checks root (→ 400). */
export class CheckPathError extends Error {}

/** The configured root: absolute, or relative to the app's folder; default `<app>/mcp-checks`. */
export function checksRoot(): string {
  const configured = process.env[CHECKS_DIR_VAR];
  if (!configured) return path.join(appRoot(), DEFAULT_CHECK_DIR);
  return path.resolve(appRoot(), configured);
}

/** The root's real path, created first if it is not there yet. */
export async function realChecksRoot(): Promise<string> {
  const root = checksRoot();
  await mkdir(root, { recursive: true });
  // The root comes from the environment at run time; turbopackIgnore keeps Next's file tracing
  // from copying the whole project into the standalone output (the packaged app).
  return realpath(/* turbopackIgnore: true */ root);
}

/** Whether `p` is `dir` or below it (both real, absolute). */
export function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

// C0/C1 controls, DEL and the JS line terminators: never part of a name we create or read.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MAX_SEGMENT = 255;

/**
 * The segments of a relative name, refused unless every one is an ordinary name: no absolute
 * paths, no `..`, no dot-names (they would be hidden from listings and never walked), no control
 * characters, `/` as the only separator. "" and "." name the root itself.
 * `what` says which field of the request is wrong; the name itself is not echoed.
 */
export function segmentsOf(name: string, what: string): string[] {
  if (CONTROL.test(name)) throw new CheckPathError(`${what}: control characters are not allowed in a path`);
  if (name === "" || name === ".") return [];
  if (path.isAbsolute(name) || /^[A-Za-z]:/.test(name))
    throw new CheckPathError(`${what}: must be relative to the checks folder, not an absolute path`);
  if (name.includes("\\")) throw new CheckPathError(`${what}: use "/" between folder names`);
  const segments = name.split("/").filter((s) => s !== "");
  for (const s of segments) {
    if (s === "..") throw new CheckPathError(`${what}: may not go up out of the checks folder ("..")`);
    if (s.startsWith("."))
      throw new CheckPathError(`${what}: names starting with "." are not allowed (they would be hidden)`);
    if (Buffer.byteLength(s) > MAX_SEGMENT)
      throw new CheckPathError(`${what}: a name is longer than ${MAX_SEGMENT} bytes`);
  }
  return segments;
}

/** A name resolved inside the root. */
export interface RootedPath {
  /** Relative to the root, "/"-separated; "" for the root itself. What answers show. */
  rel: string;
  /** Below the configured root as named (for relative cwd math, which the runner does the same way). */
  abs: string;
  /**
   * Where to do the I/O: the real path of the deepest existing part (every symlink on the way
   * followed and checked to stay inside), plus the parts that do not exist yet.
   */
  real: string;
  /** The final part as it is on disk (lstat), or null when it does not exist. */
  last: { isSymlink: boolean; isFile: boolean; isDirectory: boolean } | null;
}

const rootLabel = (segments: readonly string[]) => segments.join("/") || ".";

/**
 * Resolve a relative name inside the checks root (created on demand). Walks it part by part:
 * a symlink is followed only when its real path stays inside the root; one that leaves it (or
 * dangles in the middle of the path) is refused, as is a file where a folder must be.
 */
export async function resolveInRoot(name: string, what: string): Promise<RootedPath> {
  const segments = segmentsOf(name, what);
  const rootReal = await realChecksRoot();
  let real = rootReal;
  let last: RootedPath["last"] = { isSymlink: false, isFile: false, isDirectory: true };
  let i = 0;
  for (; i < segments.length; i++) {
    const next = path.join(real, segments[i]!);
    const shown = rootLabel(segments.slice(0, i + 1));
    let st;
    try {
      st = await lstat(next);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") break;
      throw err;
    }
    let isFile = st.isFile();
    let isDirectory = st.isDirectory();
    if (st.isSymbolicLink()) {
      let target: string;
      try {
        target = await realpath(next);
      } catch {
        if (i < segments.length - 1) throw new CheckPathError(`${what}: ${shown} is a broken symbolic link`);
        // A dangling link as the last part: reads find nothing, writes refuse to go through it.
        last = { isSymlink: true, isFile: false, isDirectory: false };
        real = next;
        i++;
        break;
      }
      if (!isInside(rootReal, target))
        throw new CheckPathError(`${what}: ${shown} is a symbolic link that leads outside the checks folder`);
      const t = await stat(target);
      isFile = t.isFile();
      isDirectory = t.isDirectory();
      real = target;
      last = { isSymlink: true, isFile, isDirectory };
    } else {
      real = next;
      last = { isSymlink: false, isFile, isDirectory };
    }
    if (i < segments.length - 1 && !isDirectory)
      throw new CheckPathError(`${what}: ${shown} is not a folder`);
  }
  const missing = segments.slice(i);
  return {
    rel: segments.join("/"),
    abs: path.join(checksRoot(), ...segments),
    real: path.join(real, ...missing),
    last: missing.length === 0 ? last : null,
  };
}

/** Create a folder inside the root (and its parents), then check again that it stayed inside. */
export async function ensureFolderInRoot(name: string, what: string): Promise<RootedPath> {
  const first = await resolveInRoot(name, what);
  if (first.last && !first.last.isDirectory)
    throw new CheckPathError(`${what}: ${first.rel} is not a folder`);
  if (first.last) return first;
  await mkdir(first.real, { recursive: true });
  // Someone may have swapped a part for a symlink meanwhile: resolve it again from the root.
  const again = await resolveInRoot(name, what);
  if (!again.last?.isDirectory) throw new CheckPathError(`${what}: ${again.rel} is not a folder`);
  return again;
}

/** A path below the root as answers name it (relative, "/"-separated, "." for the root). */
export function labelInRoot(abs: string): string {
  return path.relative(checksRoot(), abs).split(path.sep).join("/") || ".";
}
