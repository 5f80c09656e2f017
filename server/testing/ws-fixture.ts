import { afterAll, beforeAll } from "vitest";
import { startFixtureHttp, type HttpServerHandle } from "./http-servers";
import { expectNoLeftoverProcesses } from "./teardown";

/**
 * The WebSocket fixture (e2e/fixtures/servers/ws-server.mjs: one process, the path choosing how
 * it behaves) for one test file: started before its first test, stopped after its last — after
 * the file's own afterAll hooks, which vitest runs first (registered later) — and its process
 * judged for leftovers (only its: other files run in parallel under the same mark).
 */
export function wsFixtureForFile() {
  let handle: HttpServerHandle | undefined;
  beforeAll(async () => {
    handle = await startFixtureHttp("e2e/fixtures/servers/ws-server.mjs");
  });
  afterAll(async () => {
    if (!handle) return;
    const pid = handle.pid;
    await handle.stop();
    await expectNoLeftoverProcesses(new Set([pid]));
  });
  return {
    /** `http://127.0.0.1:PORT`: the same server asked over plain HTTP. */
    get http(): string {
      return handle!.url;
    },
    get port(): number {
      return handle!.port;
    },
    /** `ws://127.0.0.1:PORT` */
    get ws(): string {
      return handle!.url.replace(/^http:/, "ws:");
    },
  };
}
