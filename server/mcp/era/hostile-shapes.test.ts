/**
 * Issue 32, property test: random hostile shapes — sizes, nesting depth, counts, wrong types,
 * `__proto__` keys — thrown at the two readers of what others control: the capture reader
 * (lib/capture/format.ts, as POST /api/captures and --open run it) and the salvage of a list,
 * read or completion result (salvage.ts, what both eras run on every answer). Each answer is one
 * sentence or a salvaged result, within a time bound, and nothing it built is kept: the heap
 * after a GC stays where it was. Under ~20 s in all.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CaptureFormatError, decodeCapture, parseCapture } from "@/lib/capture/format";
import { heapAfterGc } from "@/server/testing/responsiveness";
import { completionOf, InvalidAnswerError, pageOf, readOf } from "./salvage";

// Under .ci/run a landing never rides on a new random sample (as server/mcp/memory-bounds.test.ts).
const seed = process.env.CI_REPORT_DIR || process.env.CI ? { seed: 20_261_203 } : {};
const MB = 1024 * 1024;

/** One hostile item: empty, of the wrong type, with wrong-typed fields, deep, or a `__proto__` key. */
const hostileItem = fc.oneof(
  fc.constant({}),
  fc.constantFrom(null, 7, "x", true, [] as unknown[]),
  fc.record({ uri: fc.oneof(fc.integer(), fc.constant([])), name: fc.string() }),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => {
    let v: unknown = { uri: "deep://x", name: "deep" };
    for (let i = 0; i < depth; i++) v = { uri: "deep://x", name: "d", annotations: { audience: [v] } };
    return v;
  }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"uri":"p://x","name":"p"}') as unknown),
  fc.record({ uri: fc.constant("ok://x"), name: fc.constant("ok"), text: fc.constant("t") }),
);

/** Whether `item` is one valid text content of a read (the only valid kind hostileItem makes). */
function readableContent(item: unknown): boolean {
  const o = item as { uri?: unknown; text?: unknown } | null;
  return typeof o === "object" && o !== null && typeof o.uri === "string" && typeof o.text === "string";
}

/** A list of `count` copies of a few hostile items (cheap to build at a million). */
const hostileList = fc
  .tuple(fc.array(hostileItem, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 600_000 }))
  .map(([kinds, count]) => Array.from({ length: count }, (_, i) => kinds[i % kinds.length]));

/** Wall time of `run` and the heap it left after a GC, against the heap before. */
async function measured(run: () => unknown): Promise<{ ms: number; grownMb: number }> {
  const before = heapAfterGc();
  const t0 = performance.now();
  await Promise.resolve().then(run);
  const ms = performance.now() - t0;
  return { ms, grownMb: (heapAfterGc() - before) / MB };
}

describe("a list, read or completion answer of hostile items", () => {
  it("is salvaged in time, with one warning at most per answer, keeping nothing of the bad items", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileList,
        fc.constantFrom("resources", "read", "completion"),
        async (list, kind) => {
          let warnings: string[] | undefined;
          let kept = 0;
          let refusal: string | null = null;
          const { ms, grownMb } = await measured(async () => {
            try {
              const r =
                kind === "resources"
                  ? await pageOf<unknown>({ resources: list }, "resources")
                  : kind === "read"
                    ? await readOf<{ contents: unknown[] }>({ contents: list })
                    : await completionOf({ completion: { values: list } });
              warnings = r.warnings;
              kept = "items" in r ? r.items.length : "values" in r ? r.values.length : r.contents.length;
            } catch (err) {
              // A read with no valid content at all stays an answer that breaks the schema (502),
              // told in one short sentence; every other kind is salvaged.
              if (!(kind === "read" && err instanceof InvalidAnswerError)) throw err;
              refusal = err.message;
            }
          });
          if (refusal !== null) {
            expect((refusal as string).length).toBeLessThan(400);
            expect(list.some((item) => readableContent(item))).toBe(false);
          }
          expect(warnings?.length ?? 0).toBeLessThanOrEqual(1);
          expect(kept).toBeLessThanOrEqual(list.length);
          expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
          // Linear: ~1 µs an item on a loaded machine, plus slack; nothing held once dropped.
          expect(ms).toBeLessThan(2_000 + list.length * 0.01);
          expect(grownMb).toBeLessThan(50);
        },
      ),
      { numRuns: 12, ...seed },
    );
  }, 60_000);
});

const base = JSON.parse(
  new TextDecoder().decode(
    new Uint8Array(
      // The v1 fixture every build must open, as plain JSON (decodeCapture reads both).
      await new Response(
        new Blob([readFileSync("lib/capture/fixtures/v1.mcpcapture.json.gz")])
          .stream()
          .pipeThrough(new DecompressionStream("gzip")),
      ).arrayBuffer(),
    ),
  ),
) as Record<string, unknown>;

describe("a capture file of hostile shapes", () => {
  const place = fc.constantFrom(
    (c: Record<string, unknown>, l: unknown[]) => ({ ...c, resources: { pages: [{ items: l }] } }),
    (c: Record<string, unknown>, l: unknown[]) => ({ ...c, reads: l }),
    (c: Record<string, unknown>, l: unknown[]) => ({ ...c, problems: l }),
    (c: Record<string, unknown>, l: unknown[]) => ({ ...c, traffic: { entries: l, dropped: 0 } }),
    (c: Record<string, unknown>, l: unknown[]) => ({ ...c, stderr: { lines: l, dropped: 0 } }),
    (c: Record<string, unknown>, l: unknown[]) => ({
      ...c,
      reads: [{ uri: "x://y", at: "2026-01-01", result: { contents: l } }],
    }),
  );

  it("opens or is refused with one short sentence, in time, keeping nothing", async () => {
    await fc.assert(
      fc.asyncProperty(hostileList, place, async (list, put) => {
        const value = put(base, list);
        let refusal: string | null = null;
        const { ms, grownMb } = await measured(() => {
          try {
            parseCapture(value);
          } catch (err) {
            if (!(err instanceof CaptureFormatError)) throw err;
            refusal = err.message;
          }
        });
        if (refusal !== null) expect(refusal).toMatch(/^not a valid capture: /);
        if (refusal !== null) expect((refusal as string).length).toBeLessThan(300);
        expect(ms).toBeLessThan(2_000 + list.length * 0.01);
        expect(grownMb).toBeLessThan(50);
      }),
      { numRuns: 12, ...seed },
    );
  }, 60_000);

  it("as bytes: nesting past the JSON parser's depth is one sentence, not a crash", async () => {
    const deep = new TextEncoder().encode(`${"[".repeat(200_000)}${"]".repeat(200_000)}`);
    await expect(decodeCapture(deep)).rejects.toThrow(CaptureFormatError);
  });
});

describe("a compare of two hostile states", () => {
  /** A read's text: a long array, deep nesting, many lines, or plain. */
  const hostileText = fc.oneof(
    fc.integer({ min: 0, max: 3_000_000 }).map((n) => `[${"0,".repeat(n)}0]`),
    fc.integer({ min: 1, max: 100_000 }).map((d) => `${"[".repeat(d)}${"]".repeat(d)}`),
    fc
      .integer({ min: 0, max: 50_000 })
      .map((n) => Array.from({ length: n }, (_, i) => `line ${i}`).join("\n")),
    fc.string(),
  );
  /** One side: `count` resources, and reads of a few URIs each with `items` content items. */
  const side = fc
    .record({
      count: fc.integer({ min: 0, max: 200_000 }),
      reads: fc.integer({ min: 0, max: 3_000 }),
      items: fc.integer({ min: 1, max: 5_000 }),
      text: hostileText,
      tag: fc.string({ maxLength: 3 }),
    })
    .map(({ count, reads, items, text, tag }) => ({
      server: { name: `s${tag}`, capabilities: { resources: { listChanged: tag === "" } } },
      resources: Array.from({ length: count }, (_, i) => ({ uri: `h://r/${i}`, name: `${tag}${i % 3}` })),
      templates: [],
      reads: Array.from({ length: reads }, (_, i) => ({
        uri: `h://r/${i}`,
        result: {
          contents: Array.from({ length: i === 0 ? items : 1 }, () => ({
            uri: `h://r/${i}`,
            mimeType: "application/json",
            text: i === 0 ? text : `${tag}${i}`,
          })),
        },
      })),
    }));

  it("answers within its time budget and byte budget, keeping nothing", async () => {
    const { diffStates } = await import("@/server/capture/compare");
    const { COMPARE_BUDGET } = await import("@/lib/capture/compare-budget");
    await fc.assert(
      fc.asyncProperty(side, side, async (before, after) => {
        let answer = 0;
        const { ms, grownMb } = await measured(async () => {
          answer = JSON.stringify(await diffStates(before, after)).length;
        });
        // The deadline is checked between steps: one step past it (a parse, a walk) is the slack.
        expect(ms).toBeLessThan(COMPARE_BUDGET.timeMs + 3_000);
        expect(answer).toBeLessThan(COMPARE_BUDGET.maxBytes * 1.1);
        expect(grownMb).toBeLessThan(50);
      }),
      { numRuns: 8, ...seed },
    );
  }, 120_000);
});
