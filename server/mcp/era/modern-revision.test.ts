/**
 * What the 2026-07-28 revision adds, against the real v2 fixture over real stdio: cache hints on
 * every list page, template page and read (checked, with the time they arrived), and a read that
 * asks for input answered with `inputResponses` and the echoed `requestState`.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import { asksOf, responsesOf } from "@/lib/api/input-required";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { decodeCapture, encodeCapture } from "@/lib/capture/format";
import { captureSession } from "@/server/capture/writer";
import { readConfig } from "@/server/mcp/config";
import { SessionRegistry } from "@/server/mcp/registry";
import { templateListBody } from "../list-bodies";

const sessions = closedAfterEachTest();

const modern = (): LaunchSpec => ({
  kind: "stdio",
  program: process.execPath,
  args: [path.resolve("e2e/fixtures/servers/modern-server.mjs")],
  env: { [TEST_MARK_VAR]: testMark() },
});

const text = (r: { contents: unknown[] }) => (r.contents[0] as { text?: string } | undefined)?.text;

describe("2026-07-28 cache hints", () => {
  it("every page of a listing keeps its own hints with the time it arrived; a read keeps its own", async () => {
    const { session } = openSession(sessions, modern());
    await session.connect();
    const before = Date.now();
    const templates = await session.listTemplates(true);
    const receivedAt = templates.received[0]?.hints?.receivedAt;
    expect(templates.received.map((p) => p.hints)).toEqual([
      { ttlMs: 60_000, cacheScope: "private", receivedAt },
    ]);
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    const body = templateListBody(templates);
    expect(body).toMatchObject({ ttlMs: 60_000, cacheScope: "private" });
    expect(body.pageHints).toEqual([templates.received[0]!.hints]);
    const note = await session.read("modern://note", true);
    expect(note).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    expect(note.receivedAt).toBeGreaterThanOrEqual(receivedAt!);
    expect(note.hintNotes).toBeUndefined();
  });
});

describe("a capture of a 2026-07-28 server", () => {
  it("keeps each page's hints, and opened offline shows them again; an older file without them opens", async () => {
    const { session } = openSession(sessions, modern());
    await session.connect();
    const capture = await captureSession(session);
    expect(capture.resources.pages.map((p) => [p.ttlMs, p.cacheScope])).toEqual([[2_000, "public"]]);
    expect(capture.templates.pages.map((p) => [p.ttlMs, p.cacheScope])).toEqual([[60_000, "private"]]);
    const registry = new SessionRegistry(readConfig());
    try {
      const offline = await registry.openCapture({
        capture: await decodeCapture(await encodeCapture(capture)),
      });
      const templates = templateListBody(await offline.listTemplates());
      expect(templates.pageHints?.map((h) => [h.ttlMs, h.cacheScope])).toEqual([[60_000, "private"]]);
      const { ttlMs: _t, cacheScope: _c, ...older } = capture.templates.pages[0]!;
      const old = await registry.openCapture({ capture: { ...capture, templates: { pages: [older] } } });
      expect(templateListBody(await old.listTemplates()).pageHints).toBeUndefined();
    } finally {
      await registry.closeAll();
    }
  });
});

describe("an input_required read, answered", () => {
  it("retried with the answers and the echoed requestState, the server gives content", async () => {
    const { session } = openSession(sessions, modern());
    await session.connect();
    const asked = await session.read("modern://form", true);
    expect(asked).toMatchObject({ resultType: "input_required", contents: [], requestState: "form-round-1" });
    const asks = asksOf(asked.inputRequests);
    expect(asks.map((a) => a.fields.map((f) => f.name))).toEqual([["name", "age", "colour", "newsletter"]]);

    const { inputResponses, errors } = responsesOf(asks, {
      profile: { name: "Ada", age: "36", colour: "green", newsletter: true },
    });
    expect(errors).toEqual([]);
    const answered = await session.answerRead("modern://form", {
      inputResponses,
      requestState: asked.requestState!,
    });
    expect(answered.resultType).not.toBe("input_required");
    expect(text(answered)).toBe("hello Ada, aged 36, likes green, subscribed");

    // On the wire: the retry carries both, as the spec names them.
    const sent = session.traffic
      .all()
      .entries.filter((e) => e.method === "resources/read" && e.direction === "out")
      .map((e) => (e.message as { params: Record<string, unknown> }).params);
    expect(sent.at(-1)).toMatchObject({
      uri: "modern://form",
      inputResponses: { profile: { action: "accept", content: { name: "Ada", age: 36 } } },
      requestState: "form-round-1",
    });
    // The read log keeps the answered read like any other.
    expect(session.readLog.all().at(-1)?.uri).toBe("modern://form");
  });

  it("declined, the server says so; without the state echoed, it asks again", async () => {
    const { session } = openSession(sessions, modern());
    await session.connect();
    const asks = asksOf((await session.read("modern://form", true)).inputRequests);
    const declined = await session.answerRead("modern://form", {
      ...responsesOf(asks, {}, "decline"),
      requestState: "form-round-1",
    });
    expect(text(declined)).toBe("declined: no greeting");
    const { inputResponses } = responsesOf(asks, { profile: { name: "Ada" } });
    const again = await session.answerRead("modern://form", { inputResponses });
    expect(again.resultType).toBe("input_required");
  });
});

describe("hostile 2026-07-28 answers stay bounded", () => {
  const hostile = (): LaunchSpec => ({
    kind: "stdio",
    program: process.execPath,
    args: [path.resolve("e2e/fixtures/servers/hostile-replies.mjs"), "--era=modern"],
    env: { [TEST_MARK_VAR]: testMark() },
  });

  it("invalid hints are kept out and said as received; an oversized requestState is not kept, and said", async () => {
    const { session } = openSession(sessions, hostile());
    await session.connect();
    expect(session.summary().era).toBe("modern");
    const bad = await session.read("hostile://bad-hints", true);
    expect(text(bad)).toBe("hello");
    expect(bad.ttlMs).toBeUndefined();
    expect(bad.cacheScope).toBeUndefined();
    expect(bad.hintNotes).toEqual([
      "ttlMs -5 is not a number of milliseconds ≥ 0; it was ignored.",
      'cacheScope "everyone" is neither "public" nor "private"; it was ignored.',
    ]);
    const small = await session.read("hostile://ask/100", true);
    expect(small.requestState).toBe("s".repeat(100));
    const huge = await session.read("hostile://ask/100000", true);
    expect(huge).toMatchObject({
      resultType: "input_required",
      inputRequests: { roots: { method: "roots/list" } },
    });
    expect(huge.requestState).toBeUndefined();
    expect(huge.warnings?.[0]).toMatch(
      /requestState \(100,000 characters\) is over the inspector's cap of 65,536/,
    );
  });
});
