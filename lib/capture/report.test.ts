/**
 * The diff report: every kind of change on its own line under its section, unified hunks for a
 * text, pointers for JSON, sizes and fingerprints for blobs, the one-side-only lists, the last line,
 * bounds on what a server controls, no raw control characters, colour only when asked; and the
 * JSON form with its header.
 */
import { describe, expect, it } from "vitest";
import { compareStates, ignoreMatchers } from "./compare";
import { DIFF_FORMAT, DIFF_VERSION, diffJson, diffPretty, printable } from "./report";
import type { ServerState } from "./state";

const text = (uri: string, t: string) => ({
  uri,
  result: { contents: [{ uri, mimeType: "text/plain", text: t }] },
});
const blob = (uri: string, b: string) => ({
  uri,
  result: { contents: [{ uri, mimeType: "image/png", blob: b }] },
});

function state(over: Partial<ServerState> = {}): ServerState {
  return {
    server: { name: "s", version: "1.0.0", capabilities: { resources: {} } },
    resources: [
      { uri: "a://one", name: "one" },
      { uri: "a://two", name: "two", mimeType: "text/plain" },
    ],
    templates: [{ uriTemplate: "a://items/{id}", name: "item" }],
    reads: [text("a://one", "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\n"), text("a://json", '{"a":1,"b":[1,2]}')],
    ...over,
  };
}

describe("diffPretty", () => {
  it("says equal, and nothing else, for two equal states", () => {
    const out = diffPretty(compareStates(state(), state()));
    expect(out).toBe("equal\n");
  });

  it("names each change under its section, with a last line counting them", () => {
    const before = state();
    const after = state({
      server: { name: "s", version: "1.1.0", capabilities: { resources: {} } },
      resources: [
        { uri: "a://two", name: "two", mimeType: "text/markdown" },
        { uri: "a://three", name: "three" },
      ],
      templates: [],
      reads: [text("a://one", "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\n"), text("a://json", '{"a":2,"b":[1,2]}')],
    });
    const out = diffPretty(compareStates(before, after), { before: "old.gz", after: "node new.js" });
    expect(out.split("\n")).toEqual([
      "--- old.gz",
      "+++ node new.js",
      "Server",
      '  ~ version: "1.0.0" → "1.1.0"',
      "Resources",
      '  + a://three  ("three")',
      '  - a://one  ("one")',
      '  ~ a://two: mimeType: "text/plain" → "text/markdown"',
      "Templates",
      '  - a://items/{id}  ("item")',
      "Reads",
      "  ~ a://one [0] text:",
      "      @@ -2,7 +2,7 @@",
      "       l2",
      "       l3",
      "       l4",
      "      -l5",
      "      +L5",
      "       l6",
      "       l7",
      "       l8",
      "  ~ a://json [0] JSON text:",
      "      a: 1 → 2",
      "7 changes",
      "",
    ]);
  });

  it("shows blobs by size and fingerprint, and a read that failed on one side", () => {
    const png1 = Buffer.alloc(12 * 1024, 1).toString("base64");
    const png2 = Buffer.alloc(13 * 1024, 2).toString("base64");
    const before = state({ reads: [blob("a://img", png1), text("a://one", "x")] });
    const after = state({
      reads: [blob("a://img", png2), { uri: "a://one", error: { code: -32002, message: "gone" } }],
    });
    const out = diffPretty(compareStates(before, after));
    expect(out).toMatch(
      /^ {2}~ a:\/\/img \[0\] blob: 12 KiB \(fp [0-9a-f]{8}, "image\/png"\) → 13 KiB \(fp [0-9a-f]{8}, "image\/png"\)$/m,
    );
    expect(out).toContain('  ~ a://one: a result → error "gone"\n');
    expect(out.trimEnd().split("\n").pop()).toBe("2 changes");
  });

  it("lists what only one side read, bounded, and still says equal when nothing compared differs", () => {
    const many = Array.from({ length: 13 }, (_, i) => text(`a://r/${i}`, "x"));
    const out = diffPretty(compareStates(state({ reads: many }), state({ reads: [] })), {
      before: "cap.gz",
      maxUris: 10,
    });
    expect(out).toContain("Read on one side only (not compared)\n  before only (13):\n    a://r/0\n");
    expect(out).toContain("    … and 3 more\n");
    expect(out).not.toContain("a://r/10");
    expect(out.trimEnd().split("\n").pop()).toBe("equal");
  });

  it("bounds a long text diff and a long value, and says what it left out", () => {
    const lines = (c: string) => Array.from({ length: 200 }, (_, i) => `${c}${i}`).join("\n");
    const long = "v".repeat(500);
    const d = compareStates(
      state({ reads: [text("a://big", lines("a"))], server: { version: "1", capabilities: {} } }),
      state({ reads: [text("a://big", lines("b"))], server: { version: long, capabilities: {} } }),
    );
    const out = diffPretty(d, { maxTextRows: 10 });
    const rows = out.split("\n").filter((l) => /^ {6}[+-]/.test(l));
    expect(rows).toHaveLength(10);
    expect(out).toMatch(/… 390 more diff lines \(\+200 -200 in all\)/);
    const version = out.split("\n").find((l) => l.startsWith("  ~ version"))!;
    expect(version.length).toBeLessThan(150);
    expect(version.endsWith("…")).toBe(true);
  });

  it("never writes a server's control characters or bidi overrides raw", () => {
    const evil = "x\u001b[2J\u202eevil\u0007";
    const d = compareStates(
      state({ resources: [], reads: [] }),
      state({ resources: [{ uri: `a://${evil}`, name: evil }], reads: [] }),
    );
    const out = diffPretty(d);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(out).toContain("a://x\\x1b[2J\\u202eevil\\x07");
    expect(printable("tab\tkept")).toBe("tab\tkept");
  });

  it("colours only when asked", () => {
    const d = compareStates(state(), state({ templates: [] }));
    expect(diffPretty(d)).not.toContain("\u001b[");
    const coloured = diffPretty(d, { color: true });
    expect(coloured).toContain("\u001b[31m  - a://items/{id}\u001b[0m");
    expect(coloured).toContain("\u001b[1mTemplates\u001b[0m");
  });

  it("an ignored field is not reported", () => {
    const after = state({ server: { name: "s", version: "9", capabilities: { resources: {} } } });
    const d = compareStates(state(), after, { matchers: ignoreMatchers(["/server/version"]) });
    expect(diffPretty(d)).toBe("equal\n");
  });
});

describe("diffJson", () => {
  it("is the diff itself under a format/version header, in a fixed field order", () => {
    const d = compareStates(state(), state({ templates: [] }));
    const doc = JSON.parse(diffJson(d, { before: "A", after: "B" })) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      "format",
      "version",
      "before",
      "after",
      "equal",
      "changes",
      "server",
      "resources",
      "templates",
      "reads",
      "readOnly",
    ]);
    expect(doc).toMatchObject({
      format: DIFF_FORMAT,
      version: DIFF_VERSION,
      equal: false,
      changes: 1,
      templates: { added: [], removed: [{ uriTemplate: "a://items/{id}" }], changed: [], unchanged: 0 },
    });
  });
});
