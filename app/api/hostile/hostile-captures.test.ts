/**
 * Issue 32, a capture file through POST /api/captures (the real handler, the real replay): a
 * 22 KB file whose listing page holds 20 MB of `{}` items is refused with one sentence, in
 * seconds, not a 130 s hang and an out-of-memory; one under the item cap with 1 M `{}` items among
 * valid ones opens with the valid ones and a warning. Meanwhile GET /api/sessions answers, and
 * the heap after a GC stays under 300 MB.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { decodeCapture, MAX_CAPTURE_ITEMS } from "@/lib/capture/format";
import { call, callJson, TEST_PORT, TEST_TOKEN } from "@/server/testing/route-client";
import { heapAfterGc, timeOfParse, whilePollingSessions } from "@/server/testing/responsiveness";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const capturesRoute = await import("../captures/route");
const sessionsRoute = await import("../sessions/route");
const sessionRoute = await import("../sessions/[id]/route");
const resourcesRoute = await import("../sessions/[id]/resources/route");

const MB = 1024 * 1024;

afterAll(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  await expectNoLeftoverProcesses();
});

/** The v1 fixture every build opens, its resources replaced by one page of `itemsJson`. */
async function hostileCapture(itemsJson: string): Promise<Uint8Array> {
  const base = await decodeCapture(
    new Uint8Array(readFileSync("lib/capture/fixtures/v1.mcpcapture.json.gz")),
  );
  const text = JSON.stringify({ ...base, resources: { pages: [{ items: ["@@"] }] } }).replace(
    '["@@"]',
    itemsJson,
  );
  return new Uint8Array(gzipSync(text));
}

function post(bytes: Uint8Array) {
  const req = new Request(`http://127.0.0.1:${TEST_PORT}/api/captures`, {
    method: "POST",
    headers: {
      host: `127.0.0.1:${TEST_PORT}`,
      authorization: `Bearer ${TEST_TOKEN}`,
      "content-type": "application/octet-stream",
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return capturesRoute.POST(req, { params: Promise.resolve({}) });
}

describe("a hostile capture file", () => {
  it("22 KB holding 20 MB of {} items is refused with one sentence, the app answering throughout", async () => {
    const file = await hostileCapture(`[${"{},".repeat(6_666_666)}{}]`);
    expect(file.byteLength).toBeLessThan(30_000);
    const parseMs = timeOfParse(20_000_000);
    const { result, slowestMs, ms } = await whilePollingSessions(sessionsRoute.GET, async () => {
      const res = await post(file);
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    });
    console.log(
      `22 KB capture: ${ms.toFixed(0)} ms, slowest poll ${slowestMs.toFixed(0)} ms (a parse: ${parseMs.toFixed(0)} ms)`,
    );
    expect(result.status).toBe(400);
    expect(result.body.error?.message).toBe(
      `This file cannot be opened: not a valid capture: resources.pages.0.items: expected an array of at most ${MAX_CAPTURE_ITEMS.toLocaleString("en-US")} objects.`,
    );
    // The file's one JSON.parse is what holds the loop (as for a live reply); nothing per item.
    expect(ms).toBeLessThan(parseMs * 3 + 2_000);
    expect(slowestMs).toBeLessThan(parseMs * 2 + 1_000);
    expect(heapAfterGc()).toBeLessThan(300 * MB);
  }, 120_000);

  it("1 M {} items among valid ones: opens with the valid ones and one warning", async () => {
    const valid = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({ uri: `cap://r/${i}`, name: `r${i}` }),
    );
    const file = await hostileCapture(`[${valid.join(",")},${"{},".repeat(999_999)}{}]`);
    const { result, slowestMs, ms } = await whilePollingSessions(sessionsRoute.GET, async () => {
      const opened = await post(file);
      expect(opened.status).toBe(201);
      const { id } = (await opened.json()) as { id: string };
      return callJson<{ resources: { uri: string }[]; warnings?: string[] }, { id: string }>(
        resourcesRoute.GET,
        {
          params: { id },
        },
      );
    });
    console.log(`1 M {} capture: ${ms.toFixed(0)} ms, slowest poll ${slowestMs.toFixed(0)} ms`);
    expect(result.status).toBe(200);
    expect(result.body.resources.map((r) => r.uri)).toEqual(
      valid.map((v) => (JSON.parse(v) as { uri: string }).uri),
    );
    expect(result.body.warnings).toEqual([
      "1,000,000 of 1,000,010 items were not valid resources (first: items[10]: missing uri) and were left out.",
    ]);
    expect(heapAfterGc()).toBeLessThan(300 * MB);
  }, 120_000);
});
