import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "./events";
import {
  MAX_MARKS,
  NEW_MARK_MS,
  emptyMarks,
  isUnderFolder,
  markEvent,
  markSeen,
  expireAdded,
  nextAddedExpiry,
  unseenUpdate,
  unseenUpdateUnder,
} from "./live-marks";

const listChange = (added: string[], removed: string[], undeclared = false): InspectorEvent => ({
  type: "resources-changed",
  sessionId: "s",
  diff: { added, removed, changed: [] },
  undeclared,
  at: 1_000,
});
const updated = (uri: string, at: number, changed = true, undeclared = false): InspectorEvent => ({
  type: "resource-updated",
  sessionId: "s",
  uri,
  version: 2,
  changed,
  at,
  undeclared,
});

describe("markEvent", () => {
  it("counts updates per uri and remembers whether the bytes changed", () => {
    let marks = markEvent(emptyMarks(), updated("demo://a", 10), 100);
    marks = markEvent(marks, updated("demo://a", 20, false), 200);
    expect(marks.updated.get("demo://a")).toEqual({
      at: 20,
      receivedAt: 200,
      count: 2,
      version: 2,
      changed: false,
    });
  });

  it("marks added uris as new for a few seconds, and removed ones with when", () => {
    const marks = markEvent(emptyMarks(), listChange(["demo://new"], ["demo://gone"]), 5_000);
    expect(nextAddedExpiry(marks)).toBe(5_000 + NEW_MARK_MS);
    expect(expireAdded(marks, 5_000 + NEW_MARK_MS - 1)).toBe(marks);
    const later = expireAdded(marks, 5_000 + NEW_MARK_MS);
    expect(later.added.has("demo://new")).toBe(false);
    expect(nextAddedExpiry(later)).toBeUndefined();
    expect(marks.removed.get("demo://gone")).toBe(1_000);
  });

  it("forgets a removal when the uri comes back, and an update when the uri goes", () => {
    let marks = markEvent(emptyMarks(), updated("demo://x", 1), 1);
    marks = markEvent(marks, listChange([], ["demo://x"]), 2);
    expect(marks.updated.has("demo://x")).toBe(false);
    expect(marks.removed.has("demo://x")).toBe(true);
    marks = markEvent(marks, listChange(["demo://x"], []), 3);
    expect(marks.removed.has("demo://x")).toBe(false);
  });

  it("notes notifications sent without the capability, by kind", () => {
    let marks = markEvent(emptyMarks(), listChange([], [], true), 1);
    marks = markEvent(marks, updated("demo://a", 5, true, true), 2);
    marks = markEvent(marks, updated("demo://a", 6, true, true), 3);
    expect(marks.undeclared.get("list_changed")).toEqual({ at: 1_000, count: 1 });
    expect(marks.undeclared.get("updated")).toEqual({ at: 6, count: 2 });
  });

  it("returns the same object for events that do not concern marks", () => {
    const marks = emptyMarks();
    expect(markEvent(marks, { type: "watches", sessionId: "s", uris: [] }, 1)).toBe(marks);
  });

  it("stays bounded however many uris churn", () => {
    let marks = emptyMarks();
    for (let i = 0; i < MAX_MARKS + 50; i += 1) marks = markEvent(marks, updated(`demo://r/${i}`, i), i);
    expect(marks.updated.size).toBe(MAX_MARKS);
    expect(marks.updated.has("demo://r/0")).toBe(false);
    expect(marks.updated.has(`demo://r/${MAX_MARKS + 49}`)).toBe(true);
  });

  it("treats a uri named __proto__ as data", () => {
    const marks = markEvent(emptyMarks(), updated("__proto__", 1), 1);
    expect(marks.updated.get("__proto__")?.count).toBe(1);
  });
});

describe("seen and unseen updates", () => {
  it("clears the dot once the resource was open after the update arrived", () => {
    let marks = markEvent(emptyMarks(), updated("demo://a", 10), 100);
    expect(unseenUpdate(marks, "demo://a")?.at).toBe(10);
    marks = markSeen(marks, "demo://a", 150);
    expect(unseenUpdate(marks, "demo://a")).toBeUndefined();
    marks = markEvent(marks, updated("demo://a", 30), 200);
    expect(unseenUpdate(marks, "demo://a")?.at).toBe(30);
  });

  it("finds unseen updates below a folder for a dot on the collapsed folder", () => {
    let marks = markEvent(emptyMarks(), updated("demo://live/clock", 10), 100);
    marks = markEvent(marks, updated("DEMO://docs/a", 20), 100);
    expect(unseenUpdateUnder(marks, "folder demo://live")).toBe(10);
    expect(unseenUpdateUnder(marks, "folder demo:")).toBe(20);
    expect(unseenUpdateUnder(marks, "folder demo://liv")).toBeUndefined();
  });
});

describe("isUnderFolder", () => {
  it("matches whole path segments, the scheme case-insensitively", () => {
    expect(isUnderFolder("demo://docs/guides/a.md", "folder demo://docs/guides")).toBe(true);
    expect(isUnderFolder("demo://docs/guidesX/a.md", "folder demo://docs/guides")).toBe(false);
    expect(isUnderFolder("Demo://docs/a", "folder demo:")).toBe(true);
    expect(isUnderFolder("file:///srv/app/x", "folder file:///srv")).toBe(true);
  });
});
