import { describe, expect, it } from "vitest";
import { changeCount, compareStates, ignoreMatchers } from "./compare";
import type { ServerState } from "./state";

function state(over: Partial<ServerState> = {}): ServerState {
  return {
    server: { name: "demo", version: "1.0.0", capabilities: { resources: { subscribe: true } } },
    resources: [
      { uri: "demo://a", name: "a", mimeType: "text/plain" },
      { uri: "demo://b", name: "b", mimeType: "application/json" },
    ],
    templates: [{ uriTemplate: "demo://t/{id}", name: "t" }],
    reads: [
      { uri: "demo://a", result: { contents: [{ uri: "demo://a", text: "one\ntwo\nthree\n" }] } },
      {
        uri: "demo://b",
        result: { contents: [{ uri: "demo://b", mimeType: "application/json", text: '{"n":1,"at":"x"}' }] },
      },
    ],
    ...over,
  };
}

describe("compareStates", () => {
  it("two equal states are equal, whatever the listing order", () => {
    const a = state();
    const b = state({ resources: [...a.resources].reverse() });
    const d = compareStates(a, b);
    expect(d.equal).toBe(true);
    expect(changeCount(d)).toBe(0);
    expect(d.resources.unchanged).toBe(2);
  });

  it("names added, removed and changed resources by URI with the fields that changed", () => {
    const a = state();
    const b = state({
      resources: [
        { uri: "demo://a", name: "a", mimeType: "text/markdown" },
        { uri: "demo://c", name: "c" },
      ],
    });
    const d = compareStates(a, b);
    expect(d.equal).toBe(false);
    expect(d.resources.added.map((r) => r.uri)).toEqual(["demo://c"]);
    expect(d.resources.removed.map((r) => r.uri)).toEqual(["demo://b"]);
    expect(d.resources.changed).toHaveLength(1);
    expect(d.resources.changed[0]!.fields[0]).toMatchObject({
      path: "/resources/demo:~1~1a/mimeType",
      expected: "text/plain",
      actual: "text/markdown",
    });
  });

  it("diffs text by lines, JSON structurally, and blobs by size and fingerprint", () => {
    const a = state({
      reads: [
        ...state().reads,
        {
          uri: "demo://img",
          result: { contents: [{ uri: "demo://img", mimeType: "image/png", blob: "AAAA" }] },
        },
      ],
    });
    const b = state({
      reads: [
        { uri: "demo://a", result: { contents: [{ uri: "demo://a", text: "one\n2\nthree\n" }] } },
        {
          uri: "demo://b",
          result: { contents: [{ uri: "demo://b", mimeType: "application/json", text: '{"n":2,"at":"x"}' }] },
        },
        {
          uri: "demo://img",
          result: { contents: [{ uri: "demo://img", mimeType: "image/png", blob: "AAAAAAAA" }] },
        },
      ],
    });
    const d = compareStates(a, b);
    const byUri = Object.fromEntries(d.reads.map((r) => [r.uri, r.items]));
    const text = byUri["demo://a"]![0]!;
    expect(text.kind).toBe("text");
    if (text.kind === "text") expect([text.lines.added, text.lines.removed]).toEqual([1, 1]);
    const json = byUri["demo://b"]![0]!;
    expect(json).toMatchObject({ kind: "json", changes: [{ path: "/reads/demo:~1~1b/contents/0/text/n" }] });
    const blob = byUri["demo://img"]![0]!;
    expect(blob.kind).toBe("binary");
    if (blob.kind === "binary") {
      expect([blob.before.bytes, blob.after.bytes]).toEqual([3, 6]);
      expect(blob.before.fingerprint).not.toBe(blob.after.fingerprint);
    }
  });

  it("ignore paths silence fields that change on their own, inside JSON texts too", () => {
    const a = state();
    const b = state({
      server: { ...a.server, version: "1.0.1" },
      reads: [
        a.reads[0]!,
        {
          uri: "demo://b",
          result: { contents: [{ uri: "demo://b", mimeType: "application/json", text: '{"n":1,"at":"y"}' }] },
        },
      ],
    });
    expect(compareStates(a, b).equal).toBe(false);
    const d = compareStates(a, b, {
      matchers: ignoreMatchers(["/server/version", "/reads/*/contents/*/text/at"]),
    });
    expect(d.equal).toBe(true);
  });

  it("a read that fails on one side says so; a URI read on one side only is listed, not compared", () => {
    const a = state();
    const b = state({
      reads: [
        { uri: "demo://a", error: { code: -32002, message: "Resource not found" } },
        { uri: "demo://z", result: { contents: [] } },
      ],
    });
    const d = compareStates(a, b);
    expect(d.reads).toEqual([{ uri: "demo://a", error: { after: "Resource not found" }, items: [] }]);
    expect(d.readOnly).toEqual({ before: ["demo://b"], after: ["demo://z"] });
  });

  it("a URI named like an Object.prototype key compares as any other", () => {
    const a = state({ resources: [{ uri: "__proto__", name: "p" }], reads: [] });
    const b = state({ resources: [{ uri: "__proto__", name: "q" }], reads: [] });
    const d = compareStates(a, b);
    expect(d.resources.changed[0]!.key).toBe("__proto__");
  });

  it("two 10k listings that differ in 100 resources name exactly those", () => {
    const many = (changed: boolean) =>
      Array.from({ length: 10_000 }, (_, i) => ({
        uri: `demo://r/${i}`,
        name: `r${i}`,
        ...(changed && i % 100 === 0 ? { description: "new" } : {}),
      }));
    const d = compareStates(state({ resources: many(false) }), state({ resources: many(true) }));
    expect(d.resources.changed).toHaveLength(100);
    expect(d.resources.unchanged).toBe(9_900);
  });

  it("a regex matcher on a text judges it instead of a line diff", () => {
    const read = (text: string) => ({ uri: "demo://t", result: { contents: [{ uri: "demo://t", text }] } });
    const at = "/reads/demo:~1~1t/contents/0/text";
    const a = state({ reads: [read("built at 10:00")] });
    const b = state({ reads: [read("built at 11:00")] });
    expect(compareStates(a, b, { matchers: { [at]: { type: "regex", pattern: "built at .*" } } }).equal).toBe(
      true,
    );
    const d = compareStates(a, b, { matchers: { [at]: { type: "regex", pattern: "built at 10.*" } } });
    expect(d.reads[0]?.items).toEqual([
      { index: 0, kind: "fields", fields: [expect.objectContaining({ path: at, problem: "no-match" })] },
    ]);
  });

  it("ignoring a whole read silences every difference in it", () => {
    const read = (text: string) => ({
      uri: "demo://clock",
      result: { contents: [{ uri: "demo://clock", text }] },
    });
    const a = state({ reads: [read("10:00")] });
    const b = state({ reads: [read("10:01")] });
    expect(compareStates(a, b).equal).toBe(false);
    expect(compareStates(a, b, { matchers: ignoreMatchers(["/reads/demo:~1~1clock"]) }).equal).toBe(true);
    expect(compareStates(a, b, { matchers: ignoreMatchers(["/reads/*"]) }).equal).toBe(true);
  });
});
