/**
 * Forward compatibility (issue 25: "a capture made on this version opens on the next"): a capture
 * the real writer made with format version 1, committed, must still decode with today's reader
 * and give the same tree and reads. The bytes are pinned by their SHA-256, so the file cannot be
 * regenerated silently: a failing hash means someone rewrote history, not that the test is stale.
 *
 * On a deliberate format change: raise CAPTURE_VERSION, keep every old fixture as it is, and add the
 * new version's beside it —
 *   node --conditions=react-server --import tsx server/capture/write-fixture.ts \
 *     lib/capture/fixtures/v<N>.mcpcapture.json.gz
 * — then pin its hash in FIXTURES below. The reader must keep reading every older one.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareStates } from "./compare";
import { CAPTURE_VERSION, decodeCapture, stateOf } from "./format";

const dir = path.join(process.cwd(), "lib/capture/fixtures");
/** Version → the SHA-256 of its committed fixture. */
const FIXTURES: Record<number, string> = {
  1: "87912b90be4db3b80e5140e725ad89e11177a414156a9c78fb8623d0471e722b",
};
const bytesOf = (version: number) => readFileSync(path.join(dir, `v${version}.mcpcapture.json.gz`));

describe("committed capture fixtures", () => {
  it("there is one for every format version up to this reader's, each unchanged since committed", () => {
    expect(Object.keys(FIXTURES).map(Number)).toEqual(
      Array.from({ length: CAPTURE_VERSION }, (_, i) => i + 1),
    );
    for (const [version, sha] of Object.entries(FIXTURES))
      expect(
        createHash("sha256")
          .update(bytesOf(Number(version)))
          .digest("hex"),
        `v${version}`,
      ).toBe(sha);
  });

  it("version 1 decodes with today's reader: the paged tree, the template, the reads and the failed one", async () => {
    const capture = await decodeCapture(bytesOf(1));
    expect(capture).toMatchObject({
      version: 1,
      name: "host-fixture",
      launch: {
        kind: "stdio",
        program: "node",
        args: ["e2e/fixtures/servers/host-fixture.mjs", "paged", "png", "read-error"],
      },
      server: { name: "host-fixture", version: "1.0.0", capabilities: { resources: {} } },
      budget: { all: true, skipped: [] },
    });
    expect(capture.resources.pages.map((p) => [p.cursor, p.items.map((r) => r.uri), p.nextCursor])).toEqual([
      [undefined, ["host://docs/readme"], "p1"],
      ["p1", ["host://items/1", "host://images/dot.png", "host://docs/broken"], undefined],
    ]);
    const state = stateOf(capture);
    expect(state.templates.map((t) => t.uriTemplate)).toEqual(["host://items/{id}"]);
    const reads = Object.fromEntries(state.reads.map((r) => [r.uri, r]));
    expect(Object.keys(reads).sort()).toEqual([
      "host://docs/broken",
      "host://docs/readme",
      "host://images/dot.png",
      "host://items/1",
      "host://items/7",
    ]);
    expect(reads["host://docs/readme"]).toEqual({
      uri: "host://docs/readme",
      result: {
        contents: [
          { uri: "host://docs/readme", mimeType: "text/plain", text: "Hello from the host fixture.\n" },
        ],
      },
    });
    expect(reads["host://images/dot.png"]).toMatchObject({
      result: {
        contents: [{ mimeType: "image/png", blob: expect.stringMatching(/^iVBORw0KGgo/) as unknown }],
      },
    });
    expect(reads["host://items/7"]).toMatchObject({ result: { contents: [{ text: "items 7\n" }] } });
    expect(reads["host://docs/broken"]).toMatchObject({
      error: { code: -32603, message: expect.stringContaining("is offline") as unknown },
    });
    expect(capture.traffic.entries.length).toBeGreaterThan(0);
    expect(capture.problems.map((p) => p.code)).toContain("host-read-error");
    // And it compares as one side, equal to itself.
    expect(compareStates(state, stateOf(await decodeCapture(bytesOf(1)))).equal).toBe(true);
  });
});
