/**
 * Watch mode against a real stdio server copied into a temp folder (e2e/fixtures/servers/
 * json-resources.mjs, whose listing comes from resources.json beside it): an edit restarts the
 * process, the list diff and the watched resource's new version arrive as the same events a
 * list_changed and an update would; a failing build keeps the old process; edits during a build
 * coalesce into one more restart; closing the session leaves no fs watcher and no process.
 */
import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FixtureResource } from "@/server/testing/watch-fixture";
import { sleep, until, watchFixtureSessions } from "@/server/testing/watch-session";
import { RestartOnChange } from "./restart";
import { expectNoLeftoverProcesses, noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

noLeftoverProcessesAfterAll();

const ALPHA: FixtureResource = { uri: "fixture://alpha", name: "alpha", text: "alpha v1" };

const open = watchFixtureSessions("watch");
const started = (resources: FixtureResource[] = [ALPHA]) => open(resources);

const fsWatchHandles = () => process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap").length;

describe("Restart on change", () => {
  it("an edit restarts the process; the new resource comes as a list diff and the watched resource's new bytes as an update", async () => {
    const { fixture, session, events } = await started();
    await session.listResources();
    await session.watch(ALPHA.uri);
    const firstPid = session.summary().pid;
    const control = await RestartOnChange.start(session, { path: fixture.dir, debounceMs: 100 });

    fixture.writeResources([
      { ...ALPHA, text: "alpha v2" },
      { uri: "fixture://beta", name: "beta", text: "beta v1" },
    ]);
    await until("a restart", () => session.summary().fileWatch?.restarts === 1);

    const summary = session.summary();
    expect(summary.status).toBe("connected");
    expect(summary.pid).not.toBe(firstPid);
    expect(summary.fileWatch?.lastRestart?.cause).toBe("resources.json");
    expect(summary.fileWatch?.lastError).toBeNull();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "resources-changed",
        diff: { added: ["fixture://beta"], removed: [], changed: [] },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: "resource-updated", uri: ALPHA.uri, version: 2, changed: true }),
    );
    const read = await session.read(ALPHA.uri);
    expect(read.contents[0]).toMatchObject({ text: "alpha v2" });
    // The server's own stderr of the new process, beside the inspector's note of why.
    expect(session.stderr.tail().join("\n")).toMatch(/resources\.json changed; restarting/);
    await control.idle();
  });

  it("a resource that is open but not watched is re-read and announced only when its bytes changed", async () => {
    const gamma = { uri: "fixture://gamma", name: "gamma", text: "same" };
    const { fixture, session, events } = await started([ALPHA, gamma]);
    // Read before watch mode is on: what was open then counts too.
    await session.read(ALPHA.uri);
    await session.read(gamma.uri);
    await RestartOnChange.start(session, { path: fixture.script, debounceMs: 100 });

    fixture.writeResources([{ ...ALPHA, text: "alpha v2" }, gamma]);
    // Watching the script only: the JSON edit is not a cause. Touch the script.
    await sleep(300);
    expect(session.summary().fileWatch?.restarts).toBe(0);
    appendFileSync(fixture.script, "\n");
    await until("a restart", () => session.summary().fileWatch?.restarts === 1);

    const updates = events.filter((e) => e.type === "resource-updated");
    expect(updates).toEqual([expect.objectContaining({ uri: ALPHA.uri, version: 0, changed: true })]);
    expect(session.summary().fileWatch?.lastRestart?.cause).toBe("server.mjs");
  });

  it("a failing build keeps the old server running and says so; a good build restarts it", async () => {
    const { fixture, session } = await started();
    const pid = session.summary().pid;
    const flag = path.join(fixture.dir, "fail-build");
    writeFileSync(flag, "");
    // The build fails while fail-build exists, printing a line into the server's stderr panel.
    const build = `${process.execPath} -e "if(require('fs').existsSync('fail-build')){console.error('type error in index.ts');process.exit(2)}"`;
    await RestartOnChange.start(session, { path: fixture.dir, build, debounceMs: 100 });

    fixture.writeResources([{ ...ALPHA, text: "alpha v2" }]);
    await until("the failed build", () => session.summary().fileWatch?.lastError != null);
    const failed = session.summary();
    expect(failed.fileWatch?.lastError).toMatch(
      /Build failed \(exit code 2\).*previous server keeps running/,
    );
    expect(failed.fileWatch?.restarts).toBe(0);
    expect(failed.pid).toBe(pid);
    expect(failed.status).toBe("connected");
    expect(session.stderr.tail()).toContain("type error in index.ts");
    expect((await session.read(ALPHA.uri)).contents[0]).toMatchObject({ text: "alpha v1" });

    rmSync(flag);
    await until("a restart after the good build", () => session.summary().fileWatch?.restarts === 1);
    expect(session.summary().pid).not.toBe(pid);
    expect(session.summary().fileWatch?.lastError).toBeNull();
  });

  it("edits during a build coalesce into exactly one more restart", async () => {
    const { fixture, session } = await started();
    // A build that takes 600 ms: edits meanwhile must not start restarts of their own.
    const build = `${process.execPath} -e "setTimeout(() => {}, 600)"`;
    const control = await RestartOnChange.start(session, { path: fixture.dir, build, debounceMs: 50 });
    fixture.writeResources([{ ...ALPHA, text: "v2" }]);
    await until("the build", () => session.summary().fileWatch?.state === "building");
    for (const text of ["v3", "v4", "v5"]) {
      fixture.writeResources([{ ...ALPHA, text }]);
      await sleep(120);
    }
    await until("two restarts", () => session.summary().fileWatch?.restarts === 2);
    await control.idle();
    await sleep(300);
    expect(session.summary().fileWatch?.restarts).toBe(2);
    expect((await session.read(ALPHA.uri)).contents[0]).toMatchObject({ text: "v5" });
  });

  it("closing the session stops watching: no fs watcher and no server process survives", async () => {
    await sleep(50);
    const before = fsWatchHandles();
    const { fixture, session } = await started();
    await RestartOnChange.start(session, { path: fixture.dir, debounceMs: 50 });
    expect(fsWatchHandles()).toBeGreaterThan(before);
    await session.close();
    await sleep(50);
    expect(fsWatchHandles()).toBe(before);
    fixture.writeResources([{ ...ALPHA, text: "after close" }]);
    await sleep(300);
    expect(session.status).toBe("disconnected");
    expect(session.summary().fileWatch).toBeUndefined();
    await expectNoLeftoverProcesses();
  });

  it("refuses a path that does not exist", async () => {
    const { fixture, session } = await started();
    await expect(RestartOnChange.start(session, { path: path.join(fixture.dir, "nope") })).rejects.toThrow(
      /does not exist/,
    );
    expect(session.summary().fileWatch).toBeUndefined();
  });
});
