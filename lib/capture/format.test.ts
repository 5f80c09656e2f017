import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareStates } from "./compare";
import {
  CAPTURE_FORMAT,
  CAPTURE_VERSION,
  captureJsonSchema,
  CaptureFormatError,
  CaptureTooLargeError,
  decodeCapture,
  encodeCapture,
  parseCapture,
  stateOf,
  type Capture,
} from "./format";

function capture(): Capture {
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    capturedAt: "2026-12-02T18:00:00.000Z",
    inspector: "0.1.0",
    name: "demo",
    launch: { kind: "stdio", program: "node", args: ["server.js"], env: { API_KEY: "${API_KEY}" } },
    server: { name: "demo", version: "1.0.0", capabilities: { resources: {} } },
    resources: {
      pages: [
        { items: [{ uri: "demo://a", name: "a" }], nextCursor: "2" },
        { cursor: "2", items: [{ uri: "demo://b", name: "b" }] },
      ],
    },
    templates: { pages: [{ items: [] }] },
    reads: [
      {
        uri: "demo://a",
        at: "2026-12-02T18:00:01.000Z",
        result: { contents: [{ uri: "demo://a", text: "é ✓" }] },
      },
      { uri: "demo://x", at: "2026-12-02T18:00:02.000Z", error: { code: -32002, message: "not found" } },
    ],
    budget: { all: false, maxBytes: 0, usedBytes: 0, skipped: [] },
    traffic: { entries: [{ seq: 1, direction: "out", method: "initialize" }], dropped: 0 },
    stderr: { lines: ["listening"], dropped: 0 },
    problems: [],
  };
}

describe("capture files", () => {
  it("round-trip through gzip byte for byte, and a plain JSON file opens too", async () => {
    const bytes = await encodeCapture(capture());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(await decodeCapture(bytes)).toEqual(capture());
    expect(await decodeCapture(new TextEncoder().encode(JSON.stringify(capture())))).toEqual(capture());
  });

  it("a newer version, a foreign file and a broken field are refused in one sentence each", async () => {
    expect(() => parseCapture({ ...capture(), version: CAPTURE_VERSION + 1 })).toThrow(
      /made by a newer inspector; this one reads up to 1/,
    );
    expect(() => parseCapture({ hello: 1 })).toThrow(/not a capture file/);
    expect(() => parseCapture({ ...capture(), reads: [{ uri: "u", at: "t" }] })).toThrow(
      /reads\.0: a read holds either a result or an error/,
    );
    await expect(decodeCapture(new Uint8Array([0x1f, 0x8b, 1, 2, 3]))).rejects.toThrow(CaptureFormatError);
    await expect(decodeCapture(new Uint8Array([0xff, 0xfe]))).rejects.toThrow(/neither gzip nor UTF-8/);
  });

  it("a file from a build that knows more (fields, rules, hosts, severities) opens; what this build does not know is said once (issue 33)", async () => {
    const problem = (code: string, extra: Record<string, unknown> = {}) => ({
      code,
      severity: "error",
      message: "m",
      specUrl: "https://modelcontextprotocol.io/specification",
      at: "2026-12-02T18:00:00.000Z",
      count: 1,
      evidence: {},
      why: "w",
      ...extra,
    });
    const newer = {
      ...capture(),
      addedLater: { anything: true },
      server: { ...capture().server, addedLater: 1 },
      budget: { ...capture().budget, addedLater: 2 },
      reads: [{ ...capture().reads[0]!, addedLater: 3 }],
      problems: [
        problem("duplicate-uri", { hosts: ["vscode", "some-new-host"], severity: "critical", addedLater: 4 }),
        problem("a-rule-from-next-year"),
      ],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(newer));
    const opened = await decodeCapture(bytes);
    expect(opened.problems.map((p) => [p.code, p.severity, p.hosts])).toEqual([
      ["duplicate-uri", "warning", ["vscode"]],
    ]);
    expect(opened.readerNotes).toEqual([
      "1 problem(s) of rules this build does not know (a-rule-from-next-year) were left out: the capture was made by a newer inspector.",
    ]);
    expect(opened.reads[0]!.uri).toBe("demo://a");
    // And what this build writes, it opens whole, with nothing to say.
    expect((await decodeCapture(await encodeCapture(capture()))).readerNotes).toBeUndefined();
  });

  it("as a side of a comparison: pages joined in order, reads as outcomes", () => {
    const s = stateOf(capture());
    expect(s.resources.map((r) => r.uri)).toEqual(["demo://a", "demo://b"]);
    expect(s.reads[1]).toEqual({ uri: "demo://x", error: { code: -32002, message: "not found" } });
    const other = capture();
    other.resources.pages[1]!.items[0]!.name = "B";
    const d = compareStates(s, stateOf(other));
    expect(d.resources.changed.map((c) => c.key)).toEqual(["demo://b"]);
  });

  it("the published docs/capture.schema.json is current (run npm run build:bundles after changing the schema)", () => {
    const published: unknown = JSON.parse(readFileSync("docs/capture.schema.json", "utf8"));
    expect(published).toEqual(captureJsonSchema());
  });

  it("a reader's byte cap is counted as the gzip inflates: a small file of a huge JSON is refused", async () => {
    const huge = { ...capture(), stderr: { lines: ["x".repeat(2_000_000)], dropped: 0 } };
    const file = await encodeCapture(huge);
    expect(file.byteLength).toBeLessThan(100_000);
    await expect(decodeCapture(file, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(CaptureTooLargeError);
    await expect(
      decodeCapture(new TextEncoder().encode(JSON.stringify(huge)), { maxBytes: 1_000_000 }),
    ).rejects.toThrow("the capture is larger than 1000000 bytes once decompressed");
    expect((await decodeCapture(file, { maxBytes: 3_000_000 })).stderr.lines[0]).toHaveLength(2_000_000);
  });
});
