import { describe, expect, it } from "vitest";
import type { SessionListResponse, SessionSummary } from "./contract";
import { coalesceEvents, eventEffects, STDERR_THROTTLE_MS, type CacheEffect } from "./event-effects";
import type { InspectorEvent } from "./events";
import { emptyMarks, type LiveMarks } from "./live-marks";
import { queryKeys } from "./queries";
import type { HeldTraffic } from "./traffic-buffer";

const summary = (id: string, status: SessionSummary["status"] = "connected") =>
  ({ id, name: id, status }) as SessionSummary;
const nothing = () => undefined;
const withSessions = (sessions: SessionSummary[]) => (key: readonly unknown[]) =>
  JSON.stringify(key) === JSON.stringify(queryKeys.sessions()) ? { sessions } : undefined;

function setOn<T>(effect: CacheEffect | undefined, old: T): unknown {
  if (effect?.op !== "set") throw new Error(`expected a set effect, got ${effect?.op}`);
  return effect.update(old);
}

describe("eventEffects", () => {
  it("hello re-syncs everything", () => {
    expect(eventEffects({ type: "hello", serverTime: 1 }, nothing, 0)).toEqual([{ op: "invalidate-all" }]);
  });

  it("startup-failures refetches the cards of command-line servers that did not start", () => {
    expect(eventEffects({ type: "startup-failures" }, nothing, 0)).toEqual([
      { op: "invalidate", key: queryKeys.startupFailures() },
    ]);
  });

  it("session replaces that summary in the list, or adds it", () => {
    const next = { ...summary("a"), name: "renamed" };
    const [effect] = eventEffects({ type: "session", session: next }, nothing, 0);
    expect(effect).toMatchObject({ op: "set", key: queryKeys.sessions() });
    const old: SessionListResponse = { sessions: [summary("a"), summary("b")] };
    expect(setOn(effect, old)).toEqual({ sessions: [next, summary("b")] });
    expect(setOn(effect, { sessions: [summary("b")] })).toEqual({ sessions: [summary("b"), next] });
    expect(setOn(effect, undefined)).toBeUndefined();
  });

  it("a session that comes back to connected re-syncs its whole scope", () => {
    const effects = eventEffects(
      { type: "session", session: summary("a") },
      withSessions([{ ...summary("a", "disconnected"), connectedAt: "2026-12-01T00:00:00.000Z" }]),
      0,
    );
    expect(effects).toContainEqual({ op: "invalidate", key: queryKeys.sessionScope("a") });
    const back = eventEffects(
      { type: "session", session: summary("a") },
      withSessions([{ ...summary("a", "connecting"), connectedAt: "2026-12-01T00:00:00.000Z" }]),
      0,
    );
    expect(back).toContainEqual({ op: "invalidate", key: queryKeys.sessionScope("a") });
    const steady = eventEffects({ type: "session", session: summary("a") }, withSessions([summary("a")]), 0);
    expect(steady.some((e) => e.op === "invalidate")).toBe(false);
  });

  it("a connected event that carries the first listing fills the session's lists, without replacing one", () => {
    const lists = {
      resources: { resources: [{ uri: "x://a", name: "a" }], pages: 1 },
      templates: { resourceTemplates: [], pages: 1 },
    };
    const effects = eventEffects({ type: "session", session: summary("a"), lists }, nothing, 0);
    const set = (key: readonly unknown[]) =>
      effects.find((e) => e.op === "set" && JSON.stringify(e.key) === JSON.stringify(key));
    expect(setOn(set(queryKeys.resources("a")), undefined)).toBe(lists.resources);
    expect(setOn(set(queryKeys.templates("a")), undefined)).toBe(lists.templates);
    const had = { resources: [], pages: 1 };
    expect(setOn(set(queryKeys.resources("a")), had)).toBe(had);
    expect(set(queryKeys.sessions())).toBeDefined();
    const connecting = eventEffects(
      { type: "session", session: summary("a", "connecting"), lists },
      nothing,
      0,
    );
    expect(
      connecting.some(
        (e) => "key" in e && JSON.stringify(e.key) === JSON.stringify(queryKeys.resources("a")),
      ),
    ).toBe(false);
  });

  it("a first connect re-asks only what failed while connecting (the connect answer brought the lists)", () => {
    const effects = eventEffects(
      { type: "session", session: { ...summary("a"), connectedAt: "2026-12-01T00:00:00.000Z" } },
      withSessions([summary("a", "connecting")]),
      0,
    );
    expect(effects).toContainEqual({ op: "invalidate", key: queryKeys.sessionScope("a"), failedOnly: true });
  });

  it("a session whose OAuth flow logged a step refetches its sign-in steps, and only then", () => {
    const withSteps = (steps: number) =>
      ({
        ...summary("a", "disconnected"),
        auth: { status: "needs-sign-in", remember: false, steps },
      }) as SessionSummary;
    const effects = eventEffects({ type: "session", session: withSteps(3) }, withSessions([withSteps(2)]), 0);
    expect(effects).toContainEqual({ op: "invalidate", key: queryKeys.auth("a") });
    const same = eventEffects({ type: "session", session: withSteps(3) }, withSessions([withSteps(3)]), 0);
    expect(same.some((e) => e.op === "invalidate")).toBe(false);
  });

  it("session-removed drops it from the list and forgets its queries", () => {
    const effects = eventEffects({ type: "session-removed", sessionId: "a" }, nothing, 0);
    expect(setOn(effects[0], { sessions: [summary("a"), summary("b")] })).toEqual({
      sessions: [summary("b")],
    });
    expect(effects[1]).toEqual({ op: "remove", key: queryKeys.sessionScope("a") });
  });

  it("resources-changed re-lists and marks what was added", () => {
    const event: InspectorEvent = {
      type: "resources-changed",
      sessionId: "s",
      diff: { added: ["demo://n"], removed: [], changed: [] },
      undeclared: false,
      at: 5,
    };
    const effects = eventEffects(event, nothing, 100);
    expect(effects[0]).toEqual({ op: "invalidate", key: queryKeys.resources("s") });
    expect(effects[1]).toMatchObject({ key: queryKeys.liveMarks("s") });
    const marks = setOn(effects[1], undefined) as LiveMarks;
    expect(marks.added.get("demo://n")).toBe(100);
  });

  it("templates-changed re-lists the templates", () => {
    const effects = eventEffects(
      {
        type: "templates-changed",
        sessionId: "s",
        diff: { added: [], removed: [], changed: [] },
        undeclared: false,
        at: 1,
      },
      nothing,
      0,
    );
    expect(effects).toEqual([{ op: "invalidate", key: queryKeys.templates("s") }]);
  });

  it("resource-updated re-reads that uri, refreshes the watch versions when watched, and marks it", () => {
    const event: InspectorEvent = {
      type: "resource-updated",
      sessionId: "s",
      uri: "demo://live/clock",
      version: 3,
      changed: true,
      at: 7,
      undeclared: false,
    };
    const effects = eventEffects(event, nothing, 0);
    expect(effects).toContainEqual({ op: "invalidate", key: queryKeys.read("s", "demo://live/clock") });
    expect(effects).toContainEqual({ op: "invalidate", key: queryKeys.watches("s") });
    const marks = setOn(
      effects.find((e) => e.op === "set"),
      emptyMarks(),
    ) as LiveMarks;
    expect(marks.updated.get("demo://live/clock")?.version).toBe(3);
    const unwatched = eventEffects({ ...event, version: 0 }, nothing, 0);
    expect(unwatched).not.toContainEqual({ op: "invalidate", key: queryKeys.watches("s") });
  });

  it("watches refreshes the watch list; stderr refetches its buffer, throttled", () => {
    expect(eventEffects({ type: "watches", sessionId: "s", uris: [] }, nothing, 0)).toEqual([
      { op: "invalidate", key: queryKeys.watches("s") },
    ]);
    expect(eventEffects({ type: "stderr", sessionId: "s", lines: ["x"] }, nothing, 0)).toEqual([
      { op: "invalidate", key: queryKeys.stderr("s"), throttleMs: STDERR_THROTTLE_MS },
    ]);
  });

  it("build-diff refetches only that session's last-build comparison", () => {
    expect(eventEffects({ type: "build-diff", sessionId: "s", changes: 3, at: 1 }, nothing, 0)).toEqual([
      { op: "invalidate", key: queryKeys.lastBuildDiff("s") },
    ]);
  });

  it("traffic appends summaries to the held buffer, and never starts one", () => {
    const entry = { seq: 2, at: 1, direction: "in", kind: "notification", bytes: 3 } as const;
    const [effect] = eventEffects({ type: "traffic", sessionId: "s", entries: [entry] }, nothing, 0);
    expect(effect).toMatchObject({ key: queryKeys.traffic("s") });
    expect(setOn(effect, undefined)).toBeUndefined();
    const held: HeldTraffic = { entries: [{ ...entry, seq: 1 }], dropped: 0 };
    expect((setOn(effect, held) as HeldTraffic).entries.map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe("coalesceEvents", () => {
  it("folds each session's traffic and stderr into one event and keeps the rest in order", () => {
    const t = (sessionId: string, seq: number): InspectorEvent => ({
      type: "traffic",
      sessionId,
      entries: [{ seq, at: seq, direction: "in", kind: "notification", bytes: 1 }],
    });
    const out = coalesceEvents([
      t("a", 1),
      { type: "stderr", sessionId: "a", lines: ["x"] },
      { type: "watches", sessionId: "a", uris: [] },
      t("b", 1),
      t("a", 2),
      { type: "stderr", sessionId: "a", lines: ["y"] },
    ]);
    expect(out.map((e) => e.type)).toEqual(["traffic", "stderr", "watches", "traffic"]);
    expect(out[0]).toMatchObject({ sessionId: "a", entries: [{ seq: 1 }, { seq: 2 }] });
    expect(out[1]).toMatchObject({ lines: ["x", "y"] });
  });
});
