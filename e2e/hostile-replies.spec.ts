/**
 * Issue 32, through the running app (the launcher, `npm start`'s code, in a second instance with
 * `--expose-gc`): a stdio server whose replies are millions of `{}` items (5 and 14 MB, under the
 * 64 MB message cap) to resources/list, templates/list, resources/read and completion/complete,
 * and a 22 KB capture of 20 MB of `{}` items posted to /api/captures. Each answers with one
 * sentence or the salvaged items; GET /api/sessions is asked every 50 ms meanwhile, and the heap
 * after a GC stays under 300 MB. API calls only: what is asserted is what the backend does.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { freePort } from "../server/testing/http-servers";
import { expect, test } from "./fixtures";
import { appHeapAfterGc, startAppProcess, stopAppProcess } from "./support/app-process";

const TOKEN = "hostile-replies-e2e-token";
const MB = 1024 * 1024;
let app: Awaited<ReturnType<typeof startAppProcess>> | undefined;
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const port = await freePort();
  app = await startAppProcess(port, TOKEN, {
    MCP_INSPECTOR_REQUEST_TIMEOUT_MS: "60000",
    MCP_INSPECTOR_MEMORY_SIGNAL: "1",
    NODE_OPTIONS: "--expose-gc --max-old-space-size=1536",
  });
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  if (app) await stopAppProcess(app);
});

const api = async (p: string, init: { method?: string; body?: unknown; bytes?: Uint8Array } = {}) => {
  const res = await fetch(`${base}${p}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.bytes ? { "Content-Type": "application/octet-stream" } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    ...(init.bytes ? { body: init.bytes as Uint8Array<ArrayBuffer> } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
};

/** `run` while GET /api/sessions is asked every 50 ms (timed from when each poll was due). */
async function whilePolling<T>(run: () => Promise<T>): Promise<{ value: T; slowestMs: number }> {
  let slowestMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
      expect((await api("/api/sessions")).status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - due);
    }
  })();
  let value: T;
  try {
    value = await run();
  } finally {
    done = true;
    await poll;
  }
  return { value, slowestMs };
}

/** The app's heap after a GC, printed, and under 300 MB. */
async function expectHeapBounded(): Promise<void> {
  const heap = await appHeapAfterGc(app!);
  console.log(`  heap after GC ${(heap / MB).toFixed(0)} MB`);
  expect(heap).toBeLessThan(300 * MB);
}

/** The v1 fixture every build opens, parsed: the base of the hand-made captures here. */
const fixtureCapture = () =>
  JSON.parse(
    gunzipSync(readFileSync("lib/capture/fixtures/v1.mcpcapture.json.gz")).toString("utf8"),
  ) as Record<string, unknown>;

/** How long one JSON.parse of `bytes` of `{}` items takes on this machine now (the app's floor). */
function parseMs(bytes: number): number {
  const text = `[${"{},".repeat(Math.floor(bytes / 3))}{}]`;
  const t0 = performance.now();
  JSON.parse(text);
  return performance.now() - t0;
}

for (const mb of [5, 14]) {
  test(`${mb} MB of {} items in list, templates, read and completion replies: salvaged, the app answering, the heap bounded`, async () => {
    test.setTimeout(180_000);
    const bytes = mb * 1_000_000;
    const created = await api("/api/sessions", {
      method: "POST",
      body: {
        command: process.execPath,
        args: [
          path.join(process.cwd(), "e2e/fixtures/servers/hostile-replies.mjs"),
          `--resources=empty:${bytes}`,
          `--templates=empty:${bytes}`,
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const floor = parseMs(bytes);
    const asks: [string, () => ReturnType<typeof api>, number][] = [
      ["resources", () => api(`/api/sessions/${id}/resources?refresh=1`), 200],
      ["templates", () => api(`/api/sessions/${id}/templates?refresh=1`), 200],
      [
        "read",
        () => api(`/api/sessions/${id}/read?uri=${encodeURIComponent(`hostile://empty/${bytes}`)}`),
        502,
      ],
      [
        "completion",
        () =>
          api(`/api/sessions/${id}/complete`, {
            method: "POST",
            body: { uriTemplate: "hostile://t/{id}", argument: { name: "id", value: `empty:${bytes}` } },
          }),
        200,
      ],
    ];
    for (const [what, ask, status] of asks) {
      const { value, slowestMs } = await whilePolling(ask);
      console.log(
        `${mb} MB ${what}: slowest GET /api/sessions ${slowestMs.toFixed(0)} ms (a parse here: ${floor.toFixed(0)} ms)`,
      );
      expect(value.status, what).toBe(status);
      const said =
        status === 200
          ? (value.body.warnings as string[]).join(" ")
          : (value.body.error as { message: string }).message;
      expect(said).toMatch(/of [\d,]+ items were not valid .+ \(first: items\[0\]: .+\) and were left out/);
      expect(slowestMs, what).toBeLessThan(floor * 2 + 1_000);
      await expectHeapBounded();
    }
    await api(`/api/sessions/${id}`, { method: "DELETE" });
  });
}

test("a 22 KB capture of 20 MB of {} items is refused with one sentence, the app answering, the heap bounded", async () => {
  test.setTimeout(120_000);
  const text = JSON.stringify({ ...fixtureCapture(), resources: { pages: [{ items: ["@@"] }] } }).replace(
    '["@@"]',
    `[${"{},".repeat(6_666_666)}{}]`,
  );
  const file = new Uint8Array(gzipSync(text));
  expect(file.byteLength).toBeLessThan(30_000);
  const floor = parseMs(20_000_000);
  const { value, slowestMs } = await whilePolling(() =>
    api("/api/captures", { method: "POST", bytes: file }),
  );
  console.log(
    `22 KB capture: slowest GET /api/sessions ${slowestMs.toFixed(0)} ms (a parse here: ${floor.toFixed(0)} ms)`,
  );
  expect(value.status).toBe(400);
  expect((value.body.error as { message: string }).message).toMatch(
    /^This file cannot be opened: not a valid capture: resources\.pages\.0\.items: expected an array of at most 2,000,000 objects\.$/,
  );
  expect(slowestMs).toBeLessThan(floor * 2 + 1_000);
  await expectHeapBounded();
});

/** A capture like the v1 fixture whose reads are `reads` (and whose listing names them). */
function captureOf(reads: { uri: string; text: string; mimeType?: string }[]): Uint8Array {
  const capture = fixtureCapture();
  const at = "2026-12-04T00:00:00.000Z";
  return new Uint8Array(
    gzipSync(
      JSON.stringify({
        ...capture,
        resources: { pages: [{ items: reads.map((r) => ({ uri: r.uri, name: r.uri })) }] },
        reads: reads.map((r) => ({
          uri: r.uri,
          at,
          result: { contents: [{ uri: r.uri, mimeType: r.mimeType ?? "text/plain", text: r.text }] },
        })),
      }),
    ),
  );
}

test("compare of two 2,000-read captures with no common line, and of a 10 M-element JSON array pair: in budget, the app answering", async () => {
  test.setTimeout(180_000);
  // Each read: 100 lines of 'before-…' against 100 lines of 'after-…' (no line in common).
  const lines = (side: string, i: number) =>
    Array.from({ length: 100 }, (_, l) => `${side}-${i}-${l}-${"x".repeat(l % 7)}`).join("\n");
  const reads = (side: string) =>
    Array.from({ length: 2_000 }, (_, i) => ({ uri: `big://r/${i}`, text: lines(side, i) }));
  const open = async (bytes: Uint8Array) => {
    const r = await api("/api/captures", { method: "POST", bytes });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const before = await open(captureOf(reads("before")));
  const after = await open(captureOf(reads("after")));
  let t0 = performance.now();
  const many = await whilePolling(() => api("/api/compare", { method: "POST", body: { before, after } }));
  const manyMs = performance.now() - t0;
  console.log(
    `2,000-read compare: ${manyMs.toFixed(0)} ms, slowest GET /api/sessions ${many.slowestMs.toFixed(0)} ms, answer ${(JSON.stringify(many.value.body).length / MB).toFixed(1)} MB`,
  );
  expect(many.value.status).toBe(200);
  expect(manyMs).toBeLessThan(5_000);
  expect(many.slowestMs).toBeLessThan(500);
  // What was left out is said, never silently dropped.
  const body = many.value.body as {
    diff: { reads: unknown[]; skipped: { reads: number } };
    omitted: { reads: number };
  };
  expect(JSON.stringify(body).length).toBeLessThan(16 * MB);
  const { reads: reported, skipped } = body.diff;
  console.log(
    `  reads reported ${reported.length}, omitted ${body.omitted.reads}, skipped ${JSON.stringify(skipped)}`,
  );
  expect(reported.length + body.omitted.reads + skipped.reads).toBe(2_000);

  // A read whose text is a JSON array of 10 M elements, differing in every element.
  const array = (v: number) => `[${`${v},`.repeat(9_999_999)}${v}]`;
  const a = await open(captureOf([{ uri: "big://array", text: array(0), mimeType: "application/json" }]));
  const b = await open(captureOf([{ uri: "big://array", text: array(1), mimeType: "application/json" }]));
  t0 = performance.now();
  const huge = await whilePolling(() =>
    api("/api/compare", { method: "POST", body: { before: a, after: b } }),
  );
  const hugeMs = performance.now() - t0;
  console.log(
    `10 M-array compare: ${hugeMs.toFixed(0)} ms, slowest GET /api/sessions ${huge.slowestMs.toFixed(0)} ms`,
  );
  expect(huge.value.status).toBe(200);
  expect(hugeMs).toBeLessThan(2_000);
  expect(JSON.stringify(huge.value.body)).toContain("big://array");
  await expectHeapBounded();
  for (const id of [before, after, a, b]) await api(`/api/sessions/${id}`, { method: "DELETE" });
});
