import { describe, expect, it } from "vitest";
import type { CheckFile, Step } from "@/lib/check/schema";
import { canMove, draftProblems, matcherOfType, reduceDraft, repairAfter } from "./draft";

const connect: Step = { id: "01-connect", action: "connect", matchers: {}, expect: { protocolVersion: "x" } };
const list: Step = {
  id: "02-listResources",
  action: "listResources",
  matchers: {},
  compare: { ordered: false, containsAtLeast: false },
  expect: { items: [{ uri: "demo://a" }] },
};
const read: Step = {
  id: "03-read",
  action: "read",
  matchers: { "/contents/0/text": { type: "regex", pattern: "\\d+", reason: "changed" } },
  uri: "demo://a",
  expect: { contents: [{ uri: "demo://a", text: "1" }] },
};
const watch: Step = { id: "04-watch", action: "watch", matchers: {}, uri: "demo://a" };
const wait: Step = {
  id: "05-expectUpdated",
  action: "expectUpdated",
  matchers: {},
  uri: "demo://a",
  after: "04-watch",
  withinMs: 3000,
};
const check: CheckFile = {
  version: 1,
  name: "demo",
  server: { preset: "demo", env: {} },
  timeoutMs: 30_000,
  steps: [connect, list, read, watch, wait],
};
const ids = (c: CheckFile) => c.steps.map((s) => s.id);

describe("reduceDraft", () => {
  it("deletes a step and leaves the others in order", () => {
    expect(ids(reduceDraft(check, { type: "delete", stepId: "03-read" }))).toEqual([
      "01-connect",
      "02-listResources",
      "04-watch",
      "05-expectUpdated",
    ]);
  });

  it("never deletes the connect step (every later step would be skipped)", () => {
    expect(reduceDraft(check, { type: "delete", stepId: "01-connect" })).toBe(check);
  });

  it("a wait whose step is deleted counts from the step before it instead", () => {
    const next = reduceDraft(check, { type: "delete", stepId: "04-watch" });
    expect(next.steps.at(-1)).toMatchObject({ id: "05-expectUpdated", after: "03-read" });
  });

  it("moves a step up and down", () => {
    expect(ids(reduceDraft(check, { type: "move", stepId: "03-read", delta: -1 })).slice(0, 3)).toEqual([
      "01-connect",
      "03-read",
      "02-listResources",
    ]);
    expect(ids(reduceDraft(check, { type: "move", stepId: "03-read", delta: 1 })).slice(2, 4)).toEqual([
      "04-watch",
      "03-read",
    ]);
  });

  it("never moves a step above connect, nor past either end", () => {
    expect(canMove(check.steps, "02-listResources", -1)).toBe(false);
    expect(canMove(check.steps, "05-expectUpdated", 1)).toBe(false);
    expect(canMove(check.steps, "01-connect", 1)).toBe(false);
    expect(reduceDraft(check, { type: "move", stepId: "02-listResources", delta: -1 })).toBe(check);
  });

  it("moving a wait above the step it follows makes it follow the step now before it", () => {
    const next = reduceDraft(check, { type: "move", stepId: "05-expectUpdated", delta: -1 });
    expect(ids(next).slice(3)).toEqual(["05-expectUpdated", "04-watch"]);
    expect(next.steps[3]).toMatchObject({ after: "03-read" });
    expect(draftProblems(next)).toEqual([]);
  });

  it("sets, replaces and removes a matcher for a path", () => {
    const set = reduceDraft(check, {
      type: "setMatcher",
      stepId: "03-read",
      path: "/contents/0/mimeType",
      matcher: { type: "ignore" },
    });
    expect(set.steps[2]!.matchers).toEqual({
      "/contents/0/text": { type: "regex", pattern: "\\d+", reason: "changed" },
      "/contents/0/mimeType": { type: "ignore" },
    });
    const removed = reduceDraft(set, { type: "removeMatcher", stepId: "03-read", path: "/contents/0/text" });
    expect(removed.steps[2]!.matchers).toEqual({ "/contents/0/mimeType": { type: "ignore" } });
    expect(check.steps[2]!.matchers).toEqual(read.matchers); // the input is not mutated
  });

  it("sets list comparison flags and a count range, and removes the range", () => {
    const next = reduceDraft(check, {
      type: "setCompare",
      stepId: "02-listResources",
      compare: { containsAtLeast: true, count: { min: 1, max: 5 } },
    });
    expect(next.steps[1]).toMatchObject({
      compare: { ordered: false, containsAtLeast: true, count: { min: 1, max: 5 } },
    });
    const cleared = reduceDraft(next, {
      type: "setCompare",
      stepId: "02-listResources",
      compare: { count: null },
    });
    expect(cleared.steps[1]).toMatchObject({ compare: { ordered: false, containsAtLeast: true } });
    expect((cleared.steps[1] as { compare: object }).compare).not.toHaveProperty("count");
  });

  it("list options do nothing to other steps; withinMs only to waits", () => {
    expect(
      reduceDraft(check, { type: "setCompare", stepId: "03-read", compare: { ordered: true } }).steps[2],
    ).toBe(read);
    const next = reduceDraft(check, { type: "setWithinMs", stepId: "05-expectUpdated", withinMs: 9000 });
    expect(next.steps[4]).toMatchObject({ withinMs: 9000 });
    expect(reduceDraft(check, { type: "setWithinMs", stepId: "03-read", withinMs: 1 }).steps[2]).toBe(read);
  });

  it("renames the check", () => {
    expect(reduceDraft(check, { type: "rename", name: "other" }).name).toBe("other");
  });
});

describe("repairAfter", () => {
  it("drops `after` on a first step that has nothing before it", () => {
    expect(repairAfter([{ ...wait, after: "nope" }])[0]).not.toHaveProperty("after");
  });
});

describe("matcherOfType", () => {
  it("keeps the reason and a regex pattern when switching types", () => {
    const regex = { type: "regex" as const, pattern: "a+", reason: "r" };
    expect(matcherOfType("ignore", regex)).toEqual({ type: "ignore", reason: "r" });
    expect(matcherOfType("regex", regex)).toEqual(regex);
    expect(matcherOfType("regex", { type: "exact" }, "x")).toEqual({ type: "regex", pattern: "x" });
    expect(matcherOfType("exact", regex)).toEqual({ type: "exact" });
  });
});

describe("draftProblems", () => {
  it("accepts the recorded draft", () => {
    expect(draftProblems(check)).toEqual([]);
  });

  it("names an invalid regex, an empty count range, a bad wait, a bad path and a missing name", () => {
    let bad = reduceDraft(check, {
      type: "setMatcher",
      stepId: "03-read",
      path: "/contents/0/text",
      matcher: { type: "regex", pattern: "(" },
    });
    bad = reduceDraft(bad, {
      type: "setCompare",
      stepId: "02-listResources",
      compare: { count: { min: 5, max: 1 } },
    });
    bad = reduceDraft(bad, { type: "setWithinMs", stepId: "05-expectUpdated", withinMs: 0 });
    bad = reduceDraft(bad, {
      type: "setMatcher",
      stepId: "03-read",
      path: "contents",
      matcher: { type: "ignore" },
    });
    bad = reduceDraft(bad, { type: "rename", name: " " });
    const problems = draftProblems(bad);
    expect(problems.map((p) => p.stepId ?? "")).toEqual([
      "",
      "02-listResources",
      "03-read",
      "03-read",
      "05-expectUpdated",
    ]);
    expect(problems.find((p) => p.path === "/contents/0/text")?.message).toMatch(/Invalid regex/);
  });
});
