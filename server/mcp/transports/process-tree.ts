import "server-only";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Process-table helpers for reaping a server's whole tree. The SDK's stdio transport signals only
 * its direct child, so `npx …` or `sh -c …` leave the real server orphaned (SDK issue #2023).
 * We spawn each server as the leader of its own process group and, on close, signal that group
 * plus every descendant we can still see (a descendant may have left the group with setsid).
 */

interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

function readProcTable(): ProcEntry[] {
  if (process.platform === "linux") {
    const entries: ProcEntry[] = [];
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, "utf8");
      } catch {
        continue; // exited between readdir and read
      }
      // comm (field 2) may contain spaces and parens: parse after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const state = fields[0];
      if (state === "Z" || state === "X") continue; // zombies are already dead
      entries.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]) });
    }
    return entries;
  }
  const out = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 4 && !f[3]!.startsWith("Z"))
    .map(([pid, ppid, pgid]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) }));
}

/** Every live process in `rootPid`'s tree or in its process group, root included. */
export function collectTree(rootPid: number): Set<number> {
  const table = readProcTable();
  const children = new Map<number, number[]>();
  for (const e of table) {
    const list = children.get(e.ppid);
    if (list) list.push(e.pid);
    else children.set(e.ppid, [e.pid]);
  }
  const live = new Set(table.map((e) => e.pid));
  const found = new Set<number>();
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (found.has(pid)) continue;
    if (live.has(pid)) found.add(pid);
    for (const c of children.get(pid) ?? []) queue.push(c);
  }
  for (const e of table) if (e.pgid === rootPid) found.add(e.pid);
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // kill(0) succeeds on zombies; look at the state where we can.
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      return state !== "Z" && state !== "X";
    } catch {
      return false;
    }
  }
  return true;
}

function signalAll(pids: Iterable<number>, groupLeader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupLeader, signal);
  } catch {
    // group already empty
  }
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * SIGTERM the tree, wait up to `graceMs` for it to go, SIGKILL what is left, and resolve once
 * no process of it remains (or after a final bounded wait). `known` adds pids seen earlier —
 * a snapshot taken while the root was alive still links grandchildren that were reparented since.
 */
export async function killTree(
  rootPid: number,
  known: Iterable<number> = [],
  graceMs = 2_000,
): Promise<void> {
  const targets = new Set<number>([...known, ...collectTree(rootPid)]);
  const alive = () => [...targets, ...collectTree(rootPid)].filter((p) => isAlive(p));
  if (alive().length === 0) return;
  signalAll(targets, rootPid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (alive().length === 0) return;
    await sleep(25);
  }
  const left = alive();
  signalAll(left, rootPid, "SIGKILL");
  const hardDeadline = Date.now() + 2_000;
  while (Date.now() < hardDeadline && alive().length > 0) await sleep(25);
}

/** Synchronous last resort for process exit: SIGKILL the group and the known pids, no waiting. */
export function killTreeSync(rootPid: number, known: Iterable<number> = []): void {
  signalAll(known, rootPid, "SIGKILL");
}
