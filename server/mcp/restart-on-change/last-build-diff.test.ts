/**
 * "Compare with the last build" on a real watch-mode cycle (build → restart → re-read) of
 * e2e/fixtures/servers/json-resources.mjs: the rebuilt server's state is compared with the one
 * before it, the diff is kept (the last one) and a `build-diff` event says how much changed.
 */
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";
import type { FixtureResource } from "@/server/testing/watch-fixture";
import { until, watchFixtureSessions } from "@/server/testing/watch-session";
import { RestartOnChange } from "./restart";

noLeftoverProcessesAfterAll();

const ALPHA: FixtureResource = { uri: "fixture://alpha", name: "alpha", text: "alpha\nv1\n" };
const GAMMA: FixtureResource = { uri: "fixture://gamma", name: "gamma", text: "gamma v1" };
const BETA: FixtureResource = { uri: "fixture://beta", name: "beta", text: "beta v1" };
// A real build step: the cycle is build → restart → re-read, as a user's `npm run build` is.
const BUILD = `${process.execPath} -e "console.log('built')"`;

const started = watchFixtureSessions("build-diff");

const buildDiffs = (events: InspectorEvent[]) => events.filter((e) => e.type === "build-diff");

describe("Compare with the last build", () => {
  it("each rebuild is compared with the build before it: the added resource and the reads that changed", async () => {
    const { fixture, session, events } = await started([ALPHA, GAMMA]);
    await session.listResources();
    await session.read(ALPHA.uri); // open in the viewer
    await session.watch(GAMMA.uri); // watched: its latest version counts
    const control = await RestartOnChange.start(session, {
      path: fixture.dir,
      build: BUILD,
      debounceMs: 100,
      compareLastBuild: true,
    });
    expect(control.status()).toMatchObject({ compareLastBuild: true, lastBuildDiff: null });

    fixture.writeResources([{ ...ALPHA, text: "alpha\nv2\n" }, { ...GAMMA, text: "gamma v2" }, BETA]);
    await until("a restart", () => session.summary().fileWatch?.restarts === 1);

    const first = control.lastBuildDiff();
    expect(first).not.toBeNull();
    expect(first!.diff.resources.added.map((r) => r.uri)).toEqual([BETA.uri]);
    expect(first!.diff.resources.removed).toEqual([]);
    expect(first!.diff.reads.map((r) => r.uri).sort()).toEqual([ALPHA.uri, GAMMA.uri]);
    const alpha = first!.diff.reads.find((r) => r.uri === ALPHA.uri)!.items[0]!;
    expect(alpha.kind === "text" && alpha.lines.rows).toContainEqual(
      expect.objectContaining({ kind: "added", text: "v2" }),
    );
    expect(first!.changes).toBe(3);
    expect(buildDiffs(events)).toEqual([expect.objectContaining({ sessionId: "build-diff", changes: 3 })]);
    expect(session.summary().fileWatch?.lastBuildDiff).toMatchObject({ changes: 3 });

    // The next build against this one, not against the first: only BETA's text changed, and it
    // was never read, so nothing the user looked at differs.
    fixture.writeResources([
      { ...ALPHA, text: "alpha\nv2\n" },
      { ...GAMMA, text: "gamma v2" },
      { ...BETA, text: "beta v2" },
    ]);
    await until("a second restart", () => session.summary().fileWatch?.restarts === 2);
    const second = control.lastBuildDiff()!;
    expect(second.at >= first!.at).toBe(true);
    expect(second.diff.equal).toBe(true);
    expect(second.changes).toBe(0);
    expect(buildDiffs(events).map((e) => e.type === "build-diff" && e.changes)).toEqual([3, 0]);

    // Off: the kept diff goes, and a rebuild is not compared.
    control.setCompareLastBuild(false);
    expect(control.status()).toMatchObject({ compareLastBuild: false, lastBuildDiff: null });
    fixture.writeResources([{ ...ALPHA, text: "alpha\nv3\n" }, GAMMA, BETA]);
    await until("a third restart", () => session.summary().fileWatch?.restarts === 3);
    await control.idle();
    expect(buildDiffs(events)).toHaveLength(2);
    expect(control.lastBuildDiff()).toBeNull();
  });

  it("is off by default: a restart is not compared", async () => {
    const { fixture, session, events } = await started([ALPHA]);
    await session.read(ALPHA.uri);
    const control = await RestartOnChange.start(session, { path: fixture.dir, debounceMs: 100 });
    expect(control.status().compareLastBuild).toBe(false);
    fixture.writeResources([{ ...ALPHA, text: "changed" }]);
    await until("a restart", () => session.summary().fileWatch?.restarts === 1);
    await control.idle();
    expect(buildDiffs(events)).toEqual([]);
    expect(control.lastBuildDiff()).toBeNull();
  });
});
