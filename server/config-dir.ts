import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { readProblem, readRegularFileSync } from "@/server/regular-file";

/**
 * The inspector's folder in the user's config directory: `$MCP_INSPECTOR_CONFIG_DIR` (tests, or a
 * user who wants it elsewhere), else `$XDG_CONFIG_HOME` or `~/.config`, `/mcp-resource-inspector`.
 * Remembered OAuth tokens (`tokens.json`) and saved servers (`servers.json`) live here.
 */
export function configDir(): string {
  return (
    process.env.MCP_INSPECTOR_CONFIG_DIR ||
    path.join(process.env.XDG_CONFIG_HOME || path.join(homedir(), ".config"), "mcp-resource-inspector")
  );
}

/** A config-folder file (tokens, saved servers) is read whole and kept small: larger is not ours. */
export const MAX_STORE_FILE_BYTES = 4 * 1024 * 1024;

/** A store's file that cannot be used as it is, in one sentence naming it, never what it holds. */
export class StoreFileError extends Error {}

/**
 * A store's text, or null when there is no file. A link to `/dev/zero`, a FIFO (which hung the
 * process in a synchronous read), a file over the cap or one we may not read: StoreFileError.
 */
export function readStoreFile(file: string, what: string): string | null {
  try {
    return readRegularFileSync(file, MAX_STORE_FILE_BYTES).toString("utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new StoreFileError(readProblem(file, err, what));
  }
}

/** The version a store's file says it is, when that is newer than this build writes. */
export function newerVersion(raw: unknown, newest: number): number | null {
  const version = (raw as { version?: unknown } | null)?.version;
  return typeof version === "number" && version > newest ? version : null;
}

/**
 * A store's file that cannot be read is kept, renamed beside itself (`tokens.json.corrupt-<time>`,
 * its mode unchanged), so writing a fresh one loses nothing; returns the new name.
 */
export function moveAside(file: string): string {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(file, aside);
  return aside;
}

/** Our folder: created 0700; one that exists wider (0755, made by hand or an older build) is tightened. */
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = statSync(dir);
  if ((info.mode & 0o077) !== 0 && info.uid === process.getuid?.()) chmodSync(dir, 0o700);
}

/**
 * Replace `file` atomically with `text`: a fresh temp file beside it (0600 from the first byte, in a
 * 0700 directory), renamed over it, so a crash leaves the old file or the new one, never half.
 */
export function writeFileAtomic(file: string, text: string): void {
  ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    // `wx`: never through an existing file or symlink.
    writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
