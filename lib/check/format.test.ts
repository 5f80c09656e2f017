import { describe, expect, it } from "vitest";
import type { Step } from "@/lib/check/schema";
import {
  checkPathFor,
  describeMatcher,
  examplePath,
  missingEnvHint,
  expectedView,
  formatElapsed,
  initialPattern,
  pendingStepIds,
  pointerPaths,
  slugify,
  stepTarget,
  stepUri,
  valueAt,
} from "./format";

const list: Step = {
  id: "02-listResources",
  action: "listResources",
  matchers: {},
  compare: { ordered: false, containsAtLeast: false },
  expect: { items: [{ uri: "demo://a", name: "A" }] },
};
const read: Step = {
  id: "03-read",
  action: "read",
  matchers: {},
  uri: "demo://a",
  expect: { contents: [{ uri: "demo://a", text: "at 12:00 (1.5)" }] },
};
const tmpl: Step = {
  id: "04-readTemplate",
  action: "readTemplate",
  matchers: {},
  uriTemplate: "demo://users/{userId}/profile",
  arguments: { userId: "alice" },
  expect: { uri: "demo://users/alice/profile", contents: [] },
};

describe("format", () => {
  it("slugifies like the save route and builds the saved path", () => {
    expect(slugify("Demo: Basics!")).toBe("demo-basics");
    expect(slugify("***")).toBe("check");
    expect(checkPathFor("mcp-checks/", "Demo basics")).toBe("mcp-checks/demo-basics.check.json");
    expect(checkPathFor("  ", "x")).toBe("x.check.json");
    expect(checkPathFor("/team/", "x")).toBe("team/x.check.json");
  });

  it("formats elapsed time", () => {
    expect(formatElapsed(7_400)).toBe("0:07");
    expect(formatElapsed(750_000)).toBe("12:30");
    expect(formatElapsed(3_723_000)).toBe("1:02:03");
    expect(formatElapsed(-5)).toBe("0:00");
  });

  it("says what a step targets", () => {
    expect(stepTarget(read)).toBe("demo://a");
    expect(stepTarget(tmpl)).toBe("demo://users/{userId}/profile (userId=alice)");
    expect(stepTarget(list)).toBe("1 resources");
    expect(
      stepTarget({
        id: "t",
        action: "callTool",
        matchers: {},
        name: "add_resource",
        arguments: { uri: "x" },
      }),
    ).toBe('add_resource {"uri":"x"}');
    expect(
      stepTarget({
        id: "w",
        action: "expectListChanged",
        matchers: {},
        after: "t",
        withinMs: 2000,
        added: ["demo://b"],
        removed: [],
      }),
    ).toBe("within 2000 ms after t · +demo://b");
  });

  it("knows which uri a read step opens", () => {
    expect(stepUri(read)).toBe("demo://a");
    expect(stepUri(tmpl)).toBe("demo://users/alice/profile");
    expect(stepUri(list)).toBeUndefined();
  });

  it("describes matchers", () => {
    expect(describeMatcher({ type: "regex", pattern: "\\d+" })).toBe("regex /\\d+/");
    expect(describeMatcher({ type: "ignore" })).toBe("ignore");
    expect(describeMatcher({ type: "type" })).toBe("type only");
  });

  it("marks the last `pending` read and list steps as waiting for their second look", () => {
    const steps = [list, { id: "w", action: "watch", matchers: {}, uri: "x" } as Step, read].map((step) => ({
      step,
      volatile: [],
      at: 0,
    }));
    expect([...pendingStepIds({ steps, pending: 1 })]).toEqual(["03-read"]);
    expect([...pendingStepIds({ steps, pending: 2 })]).toEqual(["02-listResources", "03-read"]);
    expect(pendingStepIds({ steps, pending: 0 }).size).toBe(0);
  });

  it("addresses listings by key under /items, as the comparison does", () => {
    expect(pointerPaths(expectedView(list))).toEqual([
      "/items",
      "/items/demo:~1~1a",
      "/items/demo:~1~1a/uri",
      "/items/demo:~1~1a/name",
    ]);
    expect(valueAt(expectedView(list), "/items/demo:~1~1a/name")).toBe("A");
    expect(pointerPaths({ a: [1, 2] }, 2)).toEqual(["/a", "/a/0"]);
  });

  it("explains a ${VAR} reference the inspector's environment lacks", () => {
    expect(
      missingEnvHint("environment variable DEMO_VARIANT is not set (referenced as ${DEMO_VARIANT})"),
    ).toMatch(/DEMO_VARIANT=… in a KEY=value file .* or start the inspector with DEMO_VARIANT set/);
    expect(missingEnvHint("spawn ENOENT")).toBeNull();
    expect(missingEnvHint(undefined)).toBeNull();
  });

  it("offers an example path that fits the step", () => {
    expect(examplePath(read)).toBe("/contents/0/text");
    expect(examplePath(list)).toBe("/items/*/_meta");
    expect(examplePath({ ...list, compare: { ordered: true, containsAtLeast: false } })).toBe(
      "/items/0/name",
    );
  });

  it("starts a regex from the expected text, escaped", () => {
    expect(initialPattern(read, "/contents/0/text")).toBe("at 12:00 \\(1\\.5\\)");
    expect(initialPattern(read, "/nothing")).toBe(".*");
  });
});
