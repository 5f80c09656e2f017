/**
 * Runs a shape tool (dependency-cruiser, jscpd) as its CLI does, from its package's bin, so the
 * tests check exactly what a developer gets from `npx depcruise` / `npx jscpd`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");

export function runBin(
  bin: string,
  args: readonly string[],
  cwd: string,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(repoRoot, "node_modules", bin), ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A throwaway folder of files (relative path → text), with the repository's node_modules linked in. */
export function fixture(files: Record<string, string>): {
  dir: string;
  write: (name: string, text: string) => void;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), "shape-fixture-"));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  };
  for (const [name, text] of Object.entries(files)) write(name, text);
  return { dir, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
