import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

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

/**
 * Replace `file` atomically with `text`: a fresh temp file beside it (0600 from the first byte, in a
 * 0700 directory), renamed over it, so a crash leaves the old file or the new one, never half.
 */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
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
