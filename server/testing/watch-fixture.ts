import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { StdioLaunch } from "@/lib/api/contract";

export interface FixtureResource {
  uri: string;
  name: string;
  text: string;
}

/**
 * e2e/fixtures/servers/json-resources.mjs copied into a fresh temp folder (with node_modules
 * linked to ours so it resolves the SDK) and its resources.json: a server a watch-mode test can
 * edit. `cleanup()` removes the folder; stopping the server is the session's job.
 */
export function copyWatchFixture(resources: FixtureResource[], env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-watch-"));
  const script = path.join(dir, "server.mjs");
  copyFileSync(path.join(process.cwd(), "e2e/fixtures/servers/json-resources.mjs"), script);
  symlinkSync(path.join(process.cwd(), "node_modules"), path.join(dir, "node_modules"), "dir");
  const writeResources = (list: FixtureResource[]) =>
    writeFileSync(path.join(dir, "resources.json"), JSON.stringify({ resources: list }, null, 2));
  writeResources(resources);
  const launch: StdioLaunch = { kind: "stdio", program: process.execPath, args: [script], env };
  return {
    dir,
    script,
    launch,
    writeResources,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
