/**
 * McpSession against real servers over real stdio, called directly (no route in between): the
 * failure paths a route never sees — a dead transport under listTools, a re-list that fails after
 * a reconnect — and the inspector's own stderr notes arriving as live `stderr` events.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import type { McpConfig } from "./config";
import { demoLaunch } from "./launch";
import type { McpSession } from "./session";
import { type SessionOperation } from "./session";
import { toHttpError } from "@/server/http/errors";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const root = process.cwd();
const sessions: McpSession[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "mcp-session-"));

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

/** A session with its events collected, and a way to wait for one. */
const open = (launch: LaunchSpec, config: Partial<McpConfig> = {}) => openSession(sessions, launch, config);

const mark = () => ({ [TEST_MARK_VAR]: testMark() });

const stderrWith =
  (text: string) =>
  (e: InspectorEvent): e is Extract<InspectorEvent, { type: "stderr" }> =>
    e.type === "stderr" && e.lines.some((l) => l.includes(text));

describe("McpSession", () => {
  it("listTools over the message limit fails naming the limit (413), not a generic error, and the session goes on", async () => {
    // The demo's initialize answer is ~400 bytes, its tools/list answer ~1,600.
    const { session } = open(demoLaunch(mark()), { maxMessageBytes: 1_000 });
    await session.connect();
    const failure = await session.listTools().catch((err: unknown) => err);
    expect((failure as Error).message).toMatch(
      /larger than the 1,000-byte limit \(MCP_INSPECTOR_MAX_MESSAGE_BYTES\)/,
    );
    expect(toHttpError(failure).status).toBe(413);
    expect(session.status).toBe("connected");
  });

  it("a re-list that fails after a reconnect is a live stderr note, not an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // server-filesystem has no resources capability: resources/list answers -32601.
      const fs = path.join(root, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
      const { session, waitFor } = open({
        kind: "stdio",
        program: process.execPath,
        args: [fs, dir],
        env: mark(),
      });
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

  it("observers hear each operation in order, tool calls before their answer; silent looks and unsubscribed observers hear nothing", async () => {
    const { session } = open(demoLaunch(mark()));
    await session.connect();
    const heard: SessionOperation[] = [];
    const stop = session.observe((o) => heard.push(o));
    // An observer's bug does not fail the operation or the other observers.
    const stopBroken = session.observe(() => {
      throw new Error("observer bug");
    });
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await session.listTemplates();
      await session.read("demo://docs/reference/api.txt");
      await session.read("demo://docs/reference/api.txt", true, { silent: true });
      await session.listResources(true, { silent: true });
      const toolCall = session.callTool("add_resource", { uri: "demo://dynamic/observed", text: "o" });
      expect(heard.at(-1)).toMatchObject({ type: "tool-call", name: "add_resource" });
      await toolCall;
    } finally {
      console.error = consoleError;
      stopBroken();
    }
    expect(errors.length).toBeGreaterThan(0);
    const ops = heard.filter((o) => o.type !== "event");
    expect(ops.map((o) => o.type)).toEqual(["list", "read", "tool-call"]);
    expect(ops[0]).toMatchObject({ kind: "templates" });
    expect(ops[1]).toMatchObject({ uri: "demo://docs/reference/api.txt" });
    // Events too (traffic comes batched, within 50 ms).
    await vi.waitFor(() =>
      expect(heard.some((o) => o.type === "event" && o.event.type === "traffic")).toBe(true),
    );

    stop();
    const before = heard.length;
    await session.read("demo://docs/reference/api.txt");
    expect(heard).toHaveLength(before);
  });
});
