/**
 * The 2026-07-28 rules against real servers over real stdio: each fires on the misbehaviour of
 * e2e/fixtures/servers/modern-misbehaving.mjs that breaks its MUST, through the session, its
 * linter and "Check this server" (a second connection included); none fires on the v2 SDK's
 * modern-server.mjs or the raw fixture without flags. And the hostile ones stay bounded: a listen
 * never acknowledged, a flood of notifications on a stream, a 1 MB subscription id. Results that
 * break the schema are shown as they came.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StdioLaunch } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import type { ProblemCode } from "@/lib/lint/rules";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import type { McpSession } from "../mcp/session";
import { ProblemScan } from "./scan";

const root = process.cwd();
const sessions = closedAfterEachTest();

export function modernFixture(flags: string[], file = "modern-misbehaving.mjs"): StdioLaunch {
  return {
    kind: "stdio",
    program: process.execPath,
    args: [path.join(root, "e2e/fixtures/servers", file), ...flags],
    env: { [TEST_MARK_VAR]: testMark() },
    cwd: root,
  };
}

async function scanned(launch: StdioLaunch, requestTimeoutMs = 10_000) {
  const opened = openSession(sessions, launch, { requestTimeoutMs });
  await opened.session.connect();
  expect(opened.session.era).toBe("modern");
  const state = await new ProblemScan(opened.session).run();
  return { ...opened, state };
}

/** Watch a URI and make the server notify every open stream (its `touch` tool). */
async function watchAndTouch(session: McpSession) {
  await session.watch("bad://docs/notes");
  await session.callTool("touch", {});
  await new Promise((r) => setTimeout(r, 300));
}

const codes = (s: McpSession) =>
  [...new Set(s.lint.list().map((p) => p.code))].filter((c) => !c.startsWith("host-")).sort();

describe("modern misbehaviour: each rule fires on the MUST it breaks", () => {
  const cases: [string[], ProblemCode[]][] = [
    [["no-cache-fields"], ["modern-result-without-cache-fields"]],
    [["bad-cache-fields"], ["invalid-cache-fields"]],
    [["no-result-type"], ["result-without-result-type"]],
    [["empty-not-found"], ["empty-contents-for-missing"]],
    [["not-found-no-uri"], ["not-found-without-uri"]],
    [["notify-before-ack"], ["listen-not-acknowledged"]],
    [["no-subscription-id"], ["notification-without-subscription-id"]],
    [["unknown-subscription-id"], ["unknown-subscription-id"]],
    [["per-connection-list"], ["list-differs-between-connections"]],
  ];
  for (const [flags, expected] of cases) {
    it(`${flags.join(" + ")} → exactly ${expected.join(", ")}`, async () => {
      const { session, state } = await scanned(modernFixture(flags));
      expect(state.running).toBe(false);
      await watchAndTouch(session);
      expect(codes(session)).toEqual(expected);
      for (const p of session.lint.list().filter((x) => !x.code.startsWith("host-"))) {
        expect(p.specUrl).toMatch(
          /^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/.+#[a-z-]+$/,
        );
        expect(p.why.length).toBeGreaterThan(20);
      }
    });
  }

  it("names the differing URIs of the two connections", async () => {
    const { session } = await scanned(modernFixture(["per-connection-list"]));
    const [p] = session.lint.list().filter((x) => x.code === "list-differs-between-connections");
    expect(p?.message).toMatch(
      /only the first listed bad:\/\/connection\/\d+; only the second listed bad:\/\/connection\/\d+/,
    );
  });

  it("results that break the schema are shown as they came, the problem beside them", async () => {
    const { session } = await scanned(modernFixture(["bad-cache-fields", "no-result-type"]));
    const listed = await session.listResources(true);
    expect(listed.items.map((r) => r.uri)).toEqual(["bad://docs/readme", "bad://docs/notes"]);
    // No valid hint kept from the page; what was wrong with them said beside it (cache-hints.ts).
    expect(listed.hints).not.toHaveProperty("ttlMs");
    expect(listed.hints).not.toHaveProperty("cacheScope");
    expect(listed.hints?.hintNotes).toEqual([
      "ttlMs -5 is not a number of milliseconds ≥ 0; it was ignored.",
      'cacheScope "everyone" is neither "public" nor "private"; it was ignored.',
    ]);
    const read = await session.read("bad://docs/readme", true);
    expect(read.contents).toHaveLength(1);
    // The values as received, quoted beside the read (the traffic log keeps the raw message).
    expect(read).not.toHaveProperty("ttlMs");
    expect(read.hintNotes).toEqual(listed.hints?.hintNotes);
    expect(read).not.toHaveProperty("resultType");
    expect(codes(session)).toEqual(["invalid-cache-fields", "result-without-result-type"]);
  });
});

describe("no false positives", () => {
  it("the raw fixture without flags: no problem after a scan, a watch and a touch", async () => {
    const { session, state } = await scanned(modernFixture([]));
    expect(state.reads).toBe(2);
    expect(state.note).toBeUndefined();
    await watchAndTouch(session);
    expect(codes(session)).toEqual([]);
  });

  it("the v2 SDK's modern-server.mjs: no problem after a scan, a watch, re-listens and list_changed", async () => {
    const { session, state } = await scanned(modernFixture([], "modern-server.mjs"));
    expect(state.reads).toBeGreaterThan(0);
    await session.watch("modern://note");
    await session.watch("modern://counter");
    await session.unwatch("modern://counter");
    await session.callTool("touch", { add: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(codes(session)).toEqual([]);
  });
});

describe("hostile modern servers stay bounded", () => {
  it("a listen never acknowledged: the connect goes on; the watch fails after the request timeout with one sentence and shows Not acknowledged", async () => {
    const { session } = openSession(sessions, modernFixture(["no-ack"]), {
      requestTimeoutMs: 1_500,
      connectTimeoutMs: 20_000,
    });
    const t0 = Date.now();
    await session.connect();
    expect(Date.now() - t0).toBeLessThan(5_000);
    const watch = await session.watch("bad://docs/notes");
    expect(watch.info().unacknowledged).toBe(true);
    const notes = session.stderr.all().lines.filter((l) => l.includes("not acknowledged"));
    expect(notes.some((l) => l.includes("bad://docs/notes will get no updates"))).toBe(true);
    expect(codes(session)).toContain("listen-not-acknowledged");
    // The server is still usable.
    expect((await session.read("bad://docs/readme", true)).contents).toHaveLength(1);
  }, 60_000);

  it("a flood of notifications on a stream: coalesced re-reads, batched events, the session goes on", async () => {
    const N = 5_000;
    const { session, events } = openSession(sessions, modernFixture([`flood=${N}`]), {
      requestTimeoutMs: 10_000,
    });
    await session.connect();
    await session.watch("bad://docs/notes");
    // 5,000 updates of the watched URI and 5,000 list_changed (twice: the connect's stream too).
    await new Promise((r) => setTimeout(r, 2_000));
    const count = (type: InspectorEvent["type"]) => events.filter((e) => e.type === type).length;
    // As in the legacy era: one re-read in flight and one queued (each a resource-updated event),
    // list_changed re-walks coalesced, the traffic log a ring, its events batched.
    expect(count("resource-updated")).toBeLessThan(N / 10);
    expect(count("resources-changed")).toBeLessThan(N / 10);
    expect(count("traffic")).toBeLessThan(200);
    expect(session.traffic.all().entries.length).toBeLessThanOrEqual(1_000);
    expect(codes(session)).toEqual([]);
    expect((await session.read("bad://docs/readme", true)).contents).toHaveLength(1);
  }, 60_000);

  it("a 1 MB subscription id: clipped in the problem and the traffic log", async () => {
    const { session } = await scanned(modernFixture(["huge-subscription-id"]));
    const problems = session.lint.list().filter((p) => p.code === "unknown-subscription-id");
    expect(problems).toHaveLength(1);
    expect(JSON.stringify(problems[0]).length).toBeLessThan(16_000);
    const entries = session.traffic
      .all()
      .entries.filter((e) => e.method === "notifications/resources/list_changed");
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(JSON.stringify(e).length).toBeLessThan(40_000);
  });
});
