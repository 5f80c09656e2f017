import { afterAll, expect } from "vitest";
import type { HttpServerHandle } from "./http-servers";
import { leftoverProcesses } from "./processes";

type Only = ReadonlySet<number> | ((process: { pid: number; cmdline: string }) => boolean);

/**
 * The process-leak assertion every test file that starts servers ends with: no process this run
 * marked is still alive (waiting briefly: exit is asynchronous). `only`: judge just these pids, or
 * these processes (other files run in parallel under the same mark).
 */
export async function expectNoLeftoverProcesses(only?: Only): Promise<void> {
  const left = (await leftoverProcesses()).filter((p) =>
    only === undefined ? true : typeof only === "function" ? only(p) : only.has(p.pid),
  );
  expect(left).toEqual([]);
}

/** The same, registered to run after the file's last test. */
export function noLeftoverProcessesAfterAll(only?: Only): void {
  afterAll(() => expectNoLeftoverProcesses(only));
}

/**
 * The fixture servers one test file starts: `track` each (again after a restart, for its new pid),
 * and `stopAll` in the file's afterAll stops them and judges only their processes (other files run
 * in parallel under the same mark).
 */
export function trackedServers() {
  const started = new Set<HttpServerHandle>();
  const pids = new Set<number>();
  return {
    track: <T extends HttpServerHandle>(server: T): T => {
      started.add(server);
      pids.add(server.pid);
      return server;
    },
    stopAll: async (): Promise<void> => {
      await Promise.all([...started].map((s) => s.stop()));
      await expectNoLeftoverProcesses(pids);
    },
  };
}
