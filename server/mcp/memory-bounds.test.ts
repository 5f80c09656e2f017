/**
 * Issue 21: every value a server controls is bounded where we store or forward it. Property tests
 * feed oversized values (ids, methods, URIs, cursors, messages, lines, texts, names) into each
 * store — a traffic entry, an event, a problem, a recorded step, a stderr line — and hold each
 * to its cap (docs/SECURITY.md, "Memory"). One more test keeps a thousand 1 MB ids and checks the
 * heap after a GC: a cut value must not keep its parent alive.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { heldChars, MAX_FIELD_CHARS, MAX_STDERR_LINE_CHARS, MAX_URI_CHARS } from "@/lib/limits/bounds";
import type { SessionSummary } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { MAX_PROBLEM_MESSAGE_CHARS, TrafficLinter } from "@/server/lint/traffic-linter";
import { MAX_STEP_CHARS, startRecording, stopRecording } from "@/server/check/recorder";
import { STORE_TEXT_CHARS_UNDER } from "@/server/check/observe";
import { openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { boundEvent, MAX_EVENT_CHARS } from "./event-bounds";
import type { McpSession } from "./session";
import { StderrLog } from "./stderr-log";
import { summarize, TRAFFIC_BODY_CAP, TrafficLog } from "./traffic-log";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

// Under .ci/run a landing never rides on a new random sample (as lib/api/api-client.test.ts).
const seed = process.env.CI_REPORT_DIR || process.env.CI ? { seed: 20_261_202 } : {};

/**
 * Caps as stated in docs/SECURITY.md: the characters one stored item holds (heldChars), and for
 * what goes to a tab, its JSON.
 */
const TRAFFIC_ENTRY_MAX = TRAFFIC_BODY_CAP + 1_000;
const TRAFFIC_SUMMARY_MAX = 1_000;
const PROBLEM_MAX = 16_000;
const STDERR_LINE_MAX = MAX_STDERR_LINE_CHARS;

/** A string of some character, short or very long (cheap to build at any length). */
const sized = (max = 3_000_000) =>
  fc
    .tuple(fc.constantFrom("a", "é", "😀", "\u0000", "<", '"'), fc.integer({ min: 0, max }))
    .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

const jsonLength = (v: unknown) => JSON.stringify(v).length;

describe("a traffic entry", () => {
  it("keeps at most its preview and 256-character fields, whatever the id, method or body", () => {
    fc.assert(
      fc.property(
        fc.oneof(sized(), fc.integer()),
        sized(500_000),
        sized(),
        fc.constantFrom<"in" | "out">("in", "out"),
        fc.constantFrom("request", "response", "error", "notification"),
        (id, method, body, direction, kind) => {
          const log = new TrafficLog(10);
          const message = (
            kind === "request"
              ? { jsonrpc: "2.0", id, method, params: { body } }
              : kind === "notification"
                ? { jsonrpc: "2.0", method, params: { body } }
                : kind === "error"
                  ? { jsonrpc: "2.0", id, error: { code: -1, message: body } }
                  : { jsonrpc: "2.0", id, result: { body } }
          ) as JSONRPCMessage;
          const entry = log.record(direction, message);
          expect(heldChars(entry)).toBeLessThanOrEqual(TRAFFIC_ENTRY_MAX);
          expect(jsonLength(summarize(entry))).toBeLessThanOrEqual(TRAFFIC_SUMMARY_MAX * 6);
          expect(heldChars(summarize(entry))).toBeLessThanOrEqual(TRAFFIC_SUMMARY_MAX);
        },
      ),
      { numRuns: 60, ...seed },
    );
  });
});

describe("an event sent to the tabs", () => {
  const summary = (name: string, text: string): SessionSummary =>
    ({
      id: "s1",
      name,
      status: "disconnected",
      launch: { kind: "stdio", program: "node", args: [], envNames: [] },
      transport: { kind: "stdio", pid: null },
      pid: null,
      serverInfo: { name, version: text, title: text },
      capabilities: { resources: {}, experimental: { blob: { text } } },
      protocolVersion: null,
      eraChoice: "auto",
      instructions: text,
      startedAt: new Date(0).toISOString(),
      error: { message: text, exitCode: null, signal: null, stderrTail: [text, text] },
      undeclaredNotifications: 0,
      watchCount: 0,
    }) as unknown as SessionSummary;

  it("is at most 1 MiB of JSON, with every server-controlled string cut to its cap", () => {
    const event = fc.oneof(
      fc
        .tuple(sized(), sized())
        .map(([a, b]): InspectorEvent => ({ type: "session", session: summary(a, b) })),
      fc.array(sized(), { maxLength: 40 }).map((uris): InspectorEvent => ({
        type: "resources-changed",
        sessionId: "s1",
        diff: { added: uris, removed: uris, changed: uris },
        undeclared: false,
        at: 0,
      })),
      sized().map((uri): InspectorEvent => ({
        type: "resource-updated",
        sessionId: "s1",
        uri,
        version: 1,
        changed: true,
        at: 0,
        undeclared: false,
      })),
      fc
        .array(sized(), { maxLength: 40 })
        .map((uris): InspectorEvent => ({ type: "watches", sessionId: "s1", uris })),
      fc
        .array(sized(200_000), { maxLength: 200 })
        .map((lines): InspectorEvent => ({ type: "stderr", sessionId: "s1", lines })),
      fc.array(fc.tuple(sized(), sized()), { maxLength: 30 }).map((pairs): InspectorEvent => ({
        type: "traffic",
        sessionId: "s1",
        entries: pairs.map(([method, rpcId], seq) => ({
          seq,
          at: 0,
          direction: "in",
          kind: "response",
          method,
          rpcId,
          bytes: 1,
        })),
      })),
      sized().map((message): InspectorEvent => ({
        type: "progress",
        sessionId: "s1",
        requestId: "r1",
        message,
      })),
    );
    fc.assert(
      fc.property(event, (e) => {
        const bounded = boundEvent(e);
        expect(jsonLength(bounded)).toBeLessThanOrEqual(MAX_EVENT_CHARS);
        if (bounded.type === "resource-updated")
          expect(bounded.uri.length).toBeLessThanOrEqual(MAX_URI_CHARS);
        if (bounded.type === "session")
          expect(bounded.session.name.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
        // Bounding twice changes nothing.
        expect(boundEvent(bounded)).toEqual(bounded);
      }),
      { numRuns: 60, ...seed },
    );
  });
});

describe("a problem", () => {
  it("holds at most 16,000 characters, whatever ids, URIs, cursors, messages and stdout lines the server sends", async () => {
    const hostile = fc.oneof(
      fc.tuple(sized(), sized()).map(([id, body]) => ({
        line: null,
        message: { jsonrpc: "2.0", id, result: { body } } as unknown as JSONRPCMessage,
      })),
      sized().map((uri) => {
        const message: JSONRPCMessage = {
          jsonrpc: "2.0",
          method: "notifications/resources/updated",
          params: { uri },
        };
        return { line: null, message };
      }),
      sized().map((line) => ({ line, message: null })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostile, { minLength: 1, maxLength: 6 }),
        sized(),
        sized(),
        async (inputs, uri, cursor) => {
          const linter = new TrafficLinter();
          linter.message("out", {
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {},
          });
          linter.message("in", {
            jsonrpc: "2.0",
            id: 1,
            result: {
              protocolVersion: "2025-06-18",
              capabilities: { resources: {} },
              serverInfo: { name: "x", version: "1" },
            },
          });
          // A list whose page names a huge URI twice and hands out a huge cursor twice.
          for (const id of [2, 3]) {
            linter.message("out", {
              jsonrpc: "2.0",
              id,
              method: "resources/list",
              params: id === 3 ? { cursor } : {},
            });
            linter.message("in", {
              jsonrpc: "2.0",
              id,
              result: {
                resources: [
                  { uri, name: uri },
                  { uri, name: uri },
                ],
                nextCursor: cursor,
              },
            } as unknown as JSONRPCMessage);
          }
          linter.message("out", {
            jsonrpc: "2.0",
            id: 4,
            method: "resources/read",
            params: { uri },
          });
          linter.message("in", {
            jsonrpc: "2.0",
            id: 4,
            error: { code: -32000, message: `not found ${uri}` },
          } as unknown as JSONRPCMessage);
          for (const input of inputs) {
            if (input.line !== null) linter.strayLine(input.line);
            else if (input.message) linter.message("in", input.message);
          }
          await linter.idle();
          const problems = linter.list();
          expect(problems.length).toBeGreaterThan(0);
          for (const p of problems) {
            expect(heldChars(p)).toBeLessThanOrEqual(PROBLEM_MAX);
            expect(p.message.length).toBeLessThanOrEqual(MAX_PROBLEM_MESSAGE_CHARS);
          }
        },
      ),
      { numRuns: 40, ...seed },
    );
  });
});

describe("a stderr line", () => {
  it("is at most 8,192 characters and a note of its length, whatever the chunks", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(sized(), fc.boolean()), { maxLength: 8 }), (chunks) => {
        const log = new StderrLog(50);
        const out: string[] = [];
        for (const [text, newline] of chunks) out.push(...log.write(newline ? `${text}\n` : text));
        for (const line of [...out, ...log.all().lines])
          expect(line.length).toBeLessThanOrEqual(STDERR_LINE_MAX);
      }),
      { numRuns: 60, ...seed },
    );
  });
});

describe("a recorded step (a real session over stdio)", () => {
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await expectNoLeftoverProcesses();
  });

  it("holds a long text as its digest, refuses a too-long URI with a note, and stays under its cap", async () => {
    const { session } = openSession(sessions, {
      kind: "stdio",
      program: process.execPath,
      args: [
        "--import",
        "tsx",
        path.join(process.cwd(), "e2e/fixtures/servers/misbehaving-server.ts"),
        "oversized",
      ],
      env: { [TEST_MARK_VAR]: testMark() },
    });
    await session.connect();
    // The 1 MB title and instructions of initialize were cut where the session keeps them.
    expect(session.summary().name.length).toBeLessThanOrEqual(MAX_FIELD_CHARS);
    expect(jsonLength(session.summary())).toBeLessThan(100_000);
    const recorder = startRecording(session);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3_000_000 }),
          fc.oneof(fc.constant(0), fc.integer({ min: 7, max: 40_000 })),
          async (textChars, uriChars) => {
            const before = recorder.info().steps.length;
            await session.read(`big://${textChars}/${uriChars}`, true);
            const steps = recorder.info().steps;
            for (const { step } of steps) expect(heldChars(step)).toBeLessThanOrEqual(MAX_STEP_CHARS);
            const added = steps.slice(before);
            const last = added.at(-1)?.step;
            if (last?.action === "read") {
              const content = last.expect.contents[0];
              if (textChars >= STORE_TEXT_CHARS_UNDER) {
                expect(content?.text).toBeUndefined();
                expect(content?.textDigest?.length).toBe(textChars);
              } else expect(content?.text?.length).toBe(textChars);
            }
          },
        ),
        { numRuns: 12, ...seed },
      );
      // A URI past the cap is read as asked, but not recorded: the recording says why.
      const steps = recorder.info().steps.length;
      await session.read(`big://1/0#${"p".repeat(MAX_URI_CHARS)}`, true);
      expect(recorder.info().steps).toHaveLength(steps);
      expect(recorder.info().notes?.at(-1)).toMatch(/^Not recorded: read of a URI of 8,202 characters/);
    } finally {
      stopRecording(session);
    }
  }, 120_000);
});

describe("a cut value keeps nothing of what it was cut from", () => {
  it("three hundred responses with 1 MB ids leave the heap as it was, through the traffic log and the linter", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const log = new TrafficLog(1_000);
    const linter = new TrafficLinter({ capacity: 1_000 });
    for (let i = 0; i < 300; i++) {
      const id = `${i}:`.padEnd(1024 * 1024, "x");
      const message = { jsonrpc: "2.0", id, result: {} } as unknown as JSONRPCMessage;
      log.record("in", message);
      linter.message("in", message);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Kept whole (or as slices of themselves), the ids alone would be 300 MB; cut, about 300 × 1 KB.
    expect(grown).toBeLessThan(40 * 1024 * 1024);
    expect(log.all().entries).toHaveLength(300);
    expect(linter.list().length).toBeGreaterThan(0);
  });
});
