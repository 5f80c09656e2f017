import { readdirSync, readFileSync } from "node:fs";

/**
 * Every MCP server a test starts carries this variable in its environment, so a test (and the
 * global teardown) can find any process a test left behind, however it was reparented.
 */
export const TEST_MARK_VAR = "MCP_INSPECTOR_TEST_MARK";

export function testMark(): string {
  const mark = process.env[TEST_MARK_VAR];
  if (!mark) throw new Error(`${TEST_MARK_VAR} is not set; run tests through vitest (global setup sets it).`);
  return mark;
}

/** Live processes whose environment carries `VAR=mark` (Linux /proc; readable as the same user). */
export function markedProcesses(mark: string = testMark()): { pid: number; pgid: number; cmdline: string }[] {
  const needle = `${TEST_MARK_VAR}=${mark}`;
  const found: { pid: number; pgid: number; cmdline: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state === "Z" || state === "X") continue;
      const environ = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      if (!environ.includes(needle)) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim();
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      found.push({ pid: Number(name), pgid, cmdline });
    } catch {
      // exited, or not ours to read
    }
  }
  return found;
}

/** Wait briefly for marked processes to go (exit is asynchronous), then report what is left. */
export async function leftoverProcesses(
  mark?: string,
  waitMs = 3_000,
): Promise<{ pid: number; cmdline: string }[]> {
  const deadline = Date.now() + waitMs;
  let left = markedProcesses(mark);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = markedProcesses(mark);
  }
  return left;
}
