/**
 * Issue 32, through the HTTP contract in-process (the real route handlers, real stdio servers):
 * a reply of millions of invalid items — 5 MB and 14 MB of `{}` items, under the 64 MB message
 * cap — to resources/list, templates/list, resources/read and completion/complete, in both eras,
 * is salvaged with one warning while `GET /api/sessions` keeps answering in under 500 ms, and the
 * heap after a GC is under 300 MB. The route handlers share this event loop, so a poll that stalls
 * is the app stalling.
 */
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { heapAfterGc, timeOfParse, whilePollingSessions } from "@/server/testing/responsiveness";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "60000";

const sessionsRoute = await import("../sessions/route");
const sessionRoute = await import("../sessions/[id]/route");
const resourcesRoute = await import("../sessions/[id]/resources/route");
const templatesRoute = await import("../sessions/[id]/templates/route");
const readRoute = await import("../sessions/[id]/read/route");
const completeRoute = await import("../sessions/[id]/complete/route");

const MB = 1024 * 1024;
const whilePolling = <T>(run: () => Promise<T>) => whilePollingSessions(sessionsRoute.GET, run);

const opened: string[] = [];
afterEach(async () => {
  for (const id of opened.splice(0)) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
});
afterAll(async () => {
  await expectNoLeftoverProcesses();
});

async function connect(era: "legacy" | "modern", args: string[]): Promise<string> {
  const res = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: {
      command: process.execPath,
      args: [path.join(process.cwd(), "e2e/fixtures/servers/hostile-replies.mjs"), `--era=${era}`, ...args],
      env: { [TEST_MARK_VAR]: testMark() },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  opened.push(res.body.id);
  return res.body.id;
}

interface Listed {
  error?: { message: string };
  resources?: unknown[];
  resourceTemplates?: unknown[];
  contents?: unknown[];
  values?: unknown[];
  warnings?: string[];
}

describe.each(["legacy", "modern"] as const)("a reply of millions of {} items (%s era)", (era) => {
  it.each([5, 14])(
    "%i MB: list, templates, read and completion answer with the valid items and one warning; the app keeps answering",
    async (mb) => {
      const bytes = mb * 1_000_000;
      const id = await connect(era, [`--resources=empty:${bytes}`, `--templates=empty:${bytes}`]);
      const params = { id };
      const asks: [string, () => Promise<{ status: number; body: Listed }>, keyof Listed, string][] = [
        [
          "resources",
          () => callJson<Listed, { id: string }>(resourcesRoute.GET, { params, path: "/?refresh=1" }),
          "resources",
          "resources",
        ],
        [
          "templates",
          () => callJson<Listed, { id: string }>(templatesRoute.GET, { params, path: "/?refresh=1" }),
          "resourceTemplates",
          "resource templates",
        ],
        [
          "read",
          () =>
            callJson<Listed, { id: string }>(readRoute.GET, {
              params,
              path: `/?uri=${encodeURIComponent(`hostile://empty/${bytes}`)}`,
            }),
          "contents",
          "contents",
        ],
        [
          "completion",
          () =>
            callJson<Listed, { id: string }>(completeRoute.POST, {
              method: "POST",
              params,
              body: { uriTemplate: "hostile://t/{id}", argument: { name: "id", value: `empty:${bytes}` } },
            }),
          "values",
          "completion values",
        ],
      ];
      const parseMs = timeOfParse(bytes);
      for (const [what, ask, field, noun] of asks) {
        const { result, slowestMs, ms } = await whilePolling(ask);
        console.log(
          `${era} ${mb} MB ${what}: ${ms.toFixed(0)} ms, slowest poll ${slowestMs.toFixed(0)} ms (a parse: ${parseMs.toFixed(0)} ms)`,
        );
        // A read with no valid content is refused as before (502, one sentence); lists and values
        // are salvaged to nothing, with the warning.
        const read = what === "read";
        expect(result.status, `${what}: ${JSON.stringify(result.body).slice(0, 300)}`).toBe(read ? 502 : 200);
        if (!read) expect(result.body[field]).toEqual([]);
        expect(read ? result.body.error?.message : result.body.warnings?.join(" ")).toMatch(
          new RegExp(
            `of [\\d,]+ items were not valid ${noun} \\(first: items\\[0\\]: .+\\) and were left out`,
          ),
        );
        // Nothing but the message's JSON.parse and the SDK's check of its envelope may hold the loop (measured here, on this
        // machine: ~1.3 s for 5 MB of `{}`, ~4 s for 14 MB under load); a worker-thread parse would
        // remove that too (not done: docs/SECURITY.md, "Cost model").
        expect(slowestMs, `${what}: GET /api/sessions while it ran`).toBeLessThan(parseMs * 2 + 1_000);
        const heap = heapAfterGc();
        console.log(`  heap after GC ${(heap / MB).toFixed(0)} MB`);
        expect(heap).toBeLessThan(300 * MB);
      }
    },
    180_000,
  );
});

describe.each(["legacy", "modern"] as const)("a reply with some invalid items (%s era)", (era) => {
  it("keeps the valid ones, in order, and says once what was left out", async () => {
    const id = await connect(era, ["--resources=mixed:1000"]);
    const list = await callJson<Listed & { resources: { uri: string }[] }, { id: string }>(
      resourcesRoute.GET,
      {
        params: { id },
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.resources).toHaveLength(900);
    expect(list.body.resources[3]?.uri).toBe("hostile://d4/r4");
    expect(list.body.warnings).toEqual([
      "100 of 1,000 items were not valid resources (first: items[3]: missing uri) and were left out.",
    ]);
    const read = await callJson<Listed & { contents: { text: string }[] }, { id: string }>(readRoute.GET, {
      params: { id },
      path: `/?uri=${encodeURIComponent("hostile://mixed/20")}`,
    });
    expect(read.status).toBe(200);
    expect(read.body.contents).toHaveLength(18);
    expect(read.body.warnings?.[0]).toMatch(/^2 of 20 items were not valid contents \(first: items\[3\]: /);
  }, 60_000);
});
