/**
 * Issue 32 item 3: one page of 1,000,000 resources (~45 MB, under the 64 MB message cap) from a
 * real stdio server. It used to overflow the stack (`items.push(...page.items)`, 500 at ~125 k);
 * now GET …/resources answers every item, and the page's tree, sort, filter index, match and
 * filtered tree (lib/resources, the code the page runs) hold them, each step timed.
 */
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Resource } from "@/lib/api/contract";
import {
  buildFilterIndex,
  filterTree,
  matchResources,
  sortTree,
  treeResources,
} from "@/lib/resources/tree-filter";
import { buildResourceTree } from "@/lib/resources/uri-tree";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { heapAfterGc } from "@/server/testing/responsiveness";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "120000";

const sessionsRoute = await import("../sessions/route");
const sessionRoute = await import("../sessions/[id]/route");
const resourcesRoute = await import("../sessions/[id]/resources/route");

const N = 1_000_000;
const MB = 1024 * 1024;
let id = "";

afterAll(async () => {
  if (id) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
  await expectNoLeftoverProcesses();
});

const timed = <T>(label: string, run: () => T): T => {
  const t0 = performance.now();
  const out = run();
  console.log(`${label}: ${(performance.now() - t0).toFixed(0)} ms`);
  return out;
};

it("1 M resources in one page list through GET …/resources, then tree, sort and filter on the page's code", async () => {
  const opened = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: {
      command: process.execPath,
      args: [path.join(process.cwd(), "e2e/fixtures/servers/hostile-replies.mjs"), `--resources=valid:${N}`],
      env: { [TEST_MARK_VAR]: testMark() },
    },
  });
  expect(opened.status).toBe(201);
  id = opened.body.id;
  const t0 = performance.now();
  const listed = await callJson<
    { resources: Resource[]; pages: number; warnings?: string[] },
    { id: string }
  >(resourcesRoute.GET, { params: { id }, path: "/?refresh=1" });
  const listMs = performance.now() - t0;
  console.log(
    `GET …/resources of ${N}: ${listMs.toFixed(0)} ms, heap after GC ${(heapAfterGc() / MB).toFixed(0)} MB`,
  );
  expect(listed.status).toBe(200);
  expect(listed.body.resources).toHaveLength(N);
  expect(listed.body.warnings).toBeUndefined();
  expect(listed.body.resources[N - 1]).toEqual({
    uri: `hostile://d${(N - 1) % 1000}/r${N - 1}`,
    name: `r${N - 1}`,
  });
  // Measured 27.6 s with a second walk (refresh=1) on a loaded 2-core machine: JSON, salvage, the
  // linter's first 10,000 items, the list diff (docs/SECURITY.md, "Cost model").
  expect(listMs).toBeLessThan(40_000);

  const resources = listed.body.resources;
  const tree = timed("buildResourceTree", () => buildResourceTree(resources));
  // hostile://d0 … d999, each folder of 1,000 resources.
  expect(tree).toHaveLength(1);
  const sorted = timed("sortTree", () => sortTree(tree, "name"));
  const index = timed("buildFilterIndex", () => buildFilterIndex(treeResources(sorted)));
  const matched = timed("matchResources", () => matchResources(index, "r999999"));
  expect([...(matched?.uris ?? [])]).toEqual([`hostile://d999/r999999`]);
  const shown = timed("filterTree", () => filterTree(sorted, matched!.uris));
  expect(treeResources(shown).map((r) => r.uri)).toEqual([`hostile://d999/r999999`]);
  const many = timed("matchResources (every d7xx)", () => matchResources(index, "/d7"));
  expect(many?.uris.size).toBe(111_000);
  console.log(`heap after GC with the tree and index held: ${(heapAfterGc() / MB).toFixed(0)} MB`);
}, 300_000);
