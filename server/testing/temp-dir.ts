import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A fresh folder in the system's temp folder for one test file (`prefix` names it), removed after
 * the file's last test — after the file's own afterAll hooks, which vitest runs first (they were
 * registered later), so nothing still writes into it.
 */
export function tempDirForFile(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
