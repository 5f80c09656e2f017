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
    expect(templates.received.map((p) => p.hints)).toEqual([
      { ttlMs: 60_000, cacheScope: "private", receivedAt: expect.any(Number) },
    ]);
    expect(templates.received[0]!.hints!.receivedAt).toBeGreaterThanOrEqual(before);
    const body = templateListBody(templates);
    expect(body).toMatchObject({ ttlMs: 60_000, cacheScope: "private" });
    expect(body.pageHints).toEqual([templates.received[0]!.hints]);
    const note = await session.read("modern://note", true);
    expect(note).toMatchObject({ ttlMs: 5_000, cacheScope: "public", receivedAt: expect.any(Number) });
    expect(note.hintNotes).toBeUndefined();
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
