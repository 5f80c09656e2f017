/**
 * McpSession against real servers over real stdio, called directly (no route in between): the
 * failure paths a route never sees — a dead transport under listTools, a re-list that fails after
 * a reconnect — and the inspector's own stderr notes arriving as live `stderr` events.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/contract";
import type { InspectorEvent } from "@/lib/events";
import { TEST_MARK_VAR, leftoverProcesses, testMark } from "@/server/testing/processes";
import { readConfig, type McpConfig } from "./config";
import { demoLaunch } from "./launch";
import { McpSession } from "./session";
import { MessageTooLargeError } from "./stdio-transport";

const root = process.cwd();
const sessions: McpSession[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "mcp-session-"));

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  expect(await leftoverProcesses()).toEqual([]);
});

/** A session with its events collected, and a way to wait for one. */
function open(launch: LaunchSpec, config: Partial<McpConfig> = {}) {
  const events: InspectorEvent[] = [];
  const waiters = new Set<() => void>();
  const session = new McpSession("test", launch, { ...readConfig(), ...config }, (e) => {
    events.push(e);
    for (const w of waiters) w();
  });
  sessions.push(session);
  const waitFor = <T extends InspectorEvent>(match: (e: InspectorEvent) => e is T, ms = 10_000) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
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

const mark = () => ({ [TEST_MARK_VAR]: testMark() });

const stderrWith =
  (text: string) =>
  (e: InspectorEvent): e is Extract<InspectorEvent, { type: "stderr" }> =>
    e.type === "stderr" && e.lines.some((l) => l.includes(text));

describe("McpSession", () => {
  it("listTools reports why the transport died (message too large), not a generic connection error", async () => {
    // The demo's initialize answer is ~400 bytes, its tools/list answer ~1,600.
    const { session } = open(demoLaunch(mark()), { maxMessageBytes: 1_000 });
    await session.connect();
    const failure = await session.listTools().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MessageTooLargeError);
    expect(session.status).toBe("disconnected");
  });

  it("a re-list that fails after a reconnect is a live stderr note, not an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // server-filesystem has no resources capability: resources/list answers -32601.
      const fs = path.join(root, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
      const { session, waitFor } = open({ program: process.execPath, args: [fs, dir], env: mark() });
      await session.connect();
      await session.close();
      expect(session.status).toBe("disconnected");

      await session.reconnect();
      expect(session.status).toBe("connected");
      // Both lines come through the batcher as they happen, not only in GET …/stderr.
      await waitFor(stderrWith("--- reconnecting ---"));
      const note = await waitFor(stderrWith("[inspector] re-list after reconnect failed"));
      expect(note.lines.join("\n")).toMatch(/-32601|Method not found/);
      expect(session.stderr.all().lines.some((l) => l.includes("re-list after reconnect failed"))).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
