import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const bin = path.join(process.cwd(), "server/cli/bin.mjs");

/** The end of a command line that runs a Node script of this repository as the server: `-- node SCRIPT ARGS…`. */
export function nodeServer(script: string, ...args: string[]): string[] {
  return ["--", process.execPath, path.join(process.cwd(), script), ...args];
}

/** A config file (the `mcpServers` shape of .mcp.json) of `servers` at `file`: its path, for --config. */
export function writeMcpConfig(file: string, servers: Record<string, object>): string {
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

/** `mcp-resource-inspector check …` as a user runs it: a real process, its exit code and output. */
export function runCheckCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(["check", ...args], options);
}

/** `mcp-resource-inspector …` with any arguments, as a user runs it. */
export async function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(process.execPath, [bin, ...args], {
      env: { ...process.env, ...options.env },
      cwd: options.cwd,
      timeout: 60_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
