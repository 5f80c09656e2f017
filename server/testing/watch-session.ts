import { afterEach } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { TEST_MARK_VAR, testMark } from "./processes";
import { copyWatchFixture, type FixtureResource } from "./watch-fixture";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds, checking every 25 ms; fails naming `what` after `ms`. */
export async function until(what: string, done: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Sessions on fresh copies of the watch fixture (watch-fixture.ts): the function returned copies it
 * with `resources`, connects a session named `id` on it and collects its events. After each test
 * of the file the sessions close and the copies are removed.
 */
export function watchFixtureSessions(id: string) {
  const sessions: McpSession[] = [];
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
    for (const c of cleanups.splice(0)) c();
  });
  return async (resources: FixtureResource[]) => {
    const fixture = copyWatchFixture(resources, { [TEST_MARK_VAR]: testMark() });
    cleanups.push(fixture.cleanup);
    const events: InspectorEvent[] = [];
    const session = new McpSession(id, fixture.launch, readConfig(), (e) => events.push(e));
    sessions.push(session);
    await session.connect();
    return { fixture, session, events };
  };
}
