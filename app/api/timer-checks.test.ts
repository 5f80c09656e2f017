/**
 * Issue 13: checks recorded against a server that ticks on a timer from boot
 * (e2e/fixtures/servers/timer-server.mjs) replay green however the server's clock lines up.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckFile, Step } from "@/lib/check/schema";
import { reduceDraft } from "@/lib/check/draft";
import { runCheckCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { params, recordCheck } from "./testing/record-check";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const resourcesRoute = await import("@/app/api/sessions/[id]/resources/route");
const watchesRoute = await import("@/app/api/sessions/[id]/watches/route");
const readRoute = await import("@/app/api/sessions/[id]/read/route");

const fixture = path.join(process.cwd(), "e2e/fixtures/servers/timer-server.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-timer-checks-"));
process.env.MCP_INSPECTOR_CHECKS_DIR = dir;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

const cli = (args: string[]) => runCheckCli(args, { cwd: dir });
const timerServer = (...args: string[]) => ({
  command: process.execPath,
  args: [fixture, ...args],
  env: { [TEST_MARK_VAR]: testMark() },
});

/** What a new user does: open the server (the tree lists it), watch the ticker, look for 2.5 s. */
async function watchTicker(id: string): Promise<void> {
  await call(resourcesRoute.GET, params(id));
  await callJson(watchesRoute.POST, { method: "POST", ...params(id), body: { uri: "fixture://ticker" } });
  await new Promise((r) => setTimeout(r, 2_500));
}

/** The saved check with its server's arguments changed, as a second file beside it. */
function variant(
  file: string,
  suffix: string,
  change: (args: string[]) => string[],
  edit = (c: CheckFile) => c,
) {
  const check = edit(JSON.parse(readFileSync(file, "utf8")) as CheckFile);
  if (!("command" in check.server)) throw new Error("a stdio check");
  check.server.args = change(check.server.args);
  const out = file.replace(/\.check\.json$/, `.${suffix}.check.json`);
  writeFileSync(out, JSON.stringify(check, null, 2));
  return out;
}

const listStep = (steps: readonly Step[]) => {
  const s = steps.find((x) => x.action === "expectListChanged");
  if (s?.action !== "expectListChanged") throw new Error("no expectListChanged step");
  return s;
};

describe("a server that ticks from boot (issue 13)", () => {
  it("recorded 2.5 s as one counted update and one list change by shape; replayed 10× green, with a 0.5 s start-up delay too, and for timestamp and random ids", async () => {
    const recorded = await Promise.all(
      (["counter", "timestamp", "random"] as const).map((ids) =>
        recordCheck(dir, timerServer(`--ids=${ids}`), watchTicker, `timer ${ids}`),
      ),
    );
    const [counter, timestamp, random] = recorded;
    // Not 19 chained steps: each stream chains to the watch that caused it, repeats fold.
    const actions = counter!.steps.map((s) => s.action);
    expect(actions.slice(0, 2)).toEqual(["connect", "listResources"]);
    // The streams come in whichever order the server's clock put their first notifications.
    expect([...actions].sort()).toEqual([
      "connect",
      "expectListChanged",
      "expectUpdated",
      "listResources",
      "watch",
    ]);
    const watchId = counter!.steps.find((s) => s.action === "watch")!.id;
    const updated = counter!.steps.find((s) => s.action === "expectUpdated")!;
    expect(updated).toMatchObject({ after: watchId, uri: "fixture://ticker" });
    expect(updated.action === "expectUpdated" && updated.count!.min).toBeGreaterThanOrEqual(2);
    // The timer's additions are the server's own doing: chained to the connect, not the watch.
    const list = listStep(counter!.steps);
    expect(list).toMatchObject({
      after: "01-connect",
      added: [],
      addedShape: { pattern: "fixture://added-\\d+" },
    });
    expect(list.addedShape!.examples).toContain("fixture://added-5");
    expect(listStep(timestamp!.steps).addedShape!.pattern).toMatch(/^fixture:\/\/added-\\d\{4\}/);
    expect(listStep(random!.steps).addedShape!.pattern).toBe(
      "fixture://added-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    );
    const delayed = variant(counter!.file, "delayed", (args) => [...args, "--startup-delay=500"]);

    const run = await cli([
      counter!.file,
      delayed,
      timestamp!.file,
      random!.file,
      "--repeat",
      "10",
      "--jobs",
      "4",
    ]);
    expect(run.stdout).toMatch(/timer counter  timer-counter\.check\.json 10\/10 runs passed/);
    expect(run.stdout).toMatch(/timer counter  timer-counter\.delayed\.check\.json 10\/10 runs passed/);
    expect(run.stdout).toMatch(/timer timestamp .* 10\/10 runs passed/);
    expect(run.stdout).toMatch(/timer random .* 10\/10 runs passed/);
    expect(run.stdout).toContain("PASS 4/4 checks passed every run");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  }, 120_000);

  it("pinned exact URIs still fail when the server adds other-N instead, and so does the inferred pattern, each saying what it saw", async () => {
    let shapedList: Step | undefined;
    const pinned = await recordCheck(dir, timerServer(), watchTicker, "timer pinned", (check) => {
      shapedList = listStep(check.steps);
      return reduceDraft(check, { type: "pinUris", stepId: shapedList.id, side: "added" });
    });
    const list = listStep(pinned.steps);
    expect(list.addedShape).toBeUndefined();
    expect(list.added).toContain("fixture://added-3");

    const otherPinned = variant(pinned.file, "other", (args) => [...args, "--prefix=other"]);
    const otherShaped = variant(
      pinned.file,
      "shaped-other",
      (args) => [...args, "--prefix=other"],
      (c) => ({
        ...c,
        name: "timer shaped",
        steps: c.steps.map((s) => (s.id === list.id ? shapedList! : s)),
      }),
    );
    const [samePinned, pinnedRun, shapedRun] = await Promise.all([
      cli([pinned.file]),
      cli([otherPinned]),
      cli([otherShaped]),
    ]);
    // Pinned, the same server still passes: its counter names are the same every run.
    expect(samePinned.code, samePinned.stdout).toBe(0);
    expect(pinnedRun.code).toBe(1);
    expect(pinnedRun.stdout).toMatch(
      new RegExp(`✗ ${list.id} expectListChanged[\\s\\S]*the list never held fixture://added-1`),
    );
    expect(shapedRun.code).toBe(1);
    expect(shapedRun.stdout).toMatch(
      /gained at least \d+ URIs matching \/fixture:\/\/added-\\d\+\/, it gained 0 \(and fixture:\/\/other-\d+/,
    );
    // The run closed the server mid re-list: no inspector noise, and none labelled as the server's.
    expect(pinnedRun.stdout).not.toContain("Not connected");
  }, 90_000);

  it("--repeat on a flaky server names the flaky step, its runs and the values that differed", async () => {
    const state = path.join(dir, "flaky-state");
    const flaky = await recordCheck(
      dir,
      timerServer(`--flaky=${state}`),
      async (id) => {
        await call(readRoute.GET, {
          ...params(id),
          path: `/x?uri=${encodeURIComponent("fixture://status")}`,
        });
      },
      "flaky status",
    );
    const readId = flaky.steps.find((s) => s.action === "read")!.id;
    // Recorded on start 1 ("ok"); the replays are starts 2..5: degraded, ok, degraded, ok.
    const run = await cli([flaky.file, "--repeat", "4", "--jobs", "1"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("flaky status");
    expect(run.stdout).toMatch(new RegExp(`~ ${readId} read 2/4 flaky`));
    expect(run.stdout).toMatch(/runs 1, 3: failed — \/contents\/0\/text: expected "ok", got "degraded"/);
    expect(run.stdout).toMatch(/runs 2, 4: passed/);
    expect(run.stdout).toMatch(/✓ \S+ connect 4\/4/);
    const json = JSON.parse((await cli([flaky.file, "--repeat", "2", "--reporter", "json"])).stdout) as {
      passed: boolean;
      checks: { steps: { id: string; verdict: string }[] }[];
    };
    expect(json.passed).toBe(false);
    expect(json.checks[0]!.steps.find((s) => s.id === readId)?.verdict).toBe("flaky");
  }, 60_000);
});
