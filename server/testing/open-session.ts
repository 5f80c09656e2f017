import { afterAll, afterEach, expect } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { readConfig, type McpConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { SessionStartError } from "@/server/mcp/session-errors";
import { leftoverProcesses } from "./processes";

/**
 * The sessions a test file opens (pass it to openSession): closed after each test, and the file
 * fails if any process it started outlives its last test.
 */
export function closedAfterEachTest(): McpSession[] {
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    expect(await leftoverProcesses()).toEqual([]);
  });
  return sessions;
}

/**
 * An McpSession called directly (no route in between), its events collected, and a way to wait
 * for one (`from`: only events after that index). Pushed onto `sessions` for the caller to close.
 */
export function openSession(
  sessions: McpSession[],
  launch: LaunchSpec,
  config: Partial<McpConfig> = {},
  /** The name given at launch, as a config's key would be. */
  name?: string,
) {
  const events: InspectorEvent[] = [];
  const waiters = new Set<() => void>();
  const session = new McpSession(
    "test",
    launch,
    { ...readConfig(), ...config },
    (e) => {
      events.push(e);
      for (const w of waiters) w();
    },
    name,
  );
  sessions.push(session);
  const waitFor = <T extends InspectorEvent>(match: (e: InspectorEvent) => e is T, ms = 10_000, from = 0) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${ms} ms; saw ${events.map((e) => e.type).join(", ")}`));
      }, ms);
      waiters.add(check);
      check();
    });
  return { session, events, waitFor };
}

/** The first content's text of a read ("" when it has none). */
export function textOf(result: {
  contents: ReadonlyArray<{ uri: string } & Record<string, unknown>>;
}): string {
  const first = result.contents[0];
  return first && typeof first.text === "string" ? first.text : "";
}

/** What `connect()` threw, as a SessionStartError (the test fails if it connected or threw else). */
export async function startFailure(session: McpSession): Promise<SessionStartError> {
  const err = await session.connect().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SessionStartError);
  return err as SessionStartError;
}
