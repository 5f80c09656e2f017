/**
 * Issue #5 end to end below the browser: record against real servers through the real route
 * handlers, save, then replay with the real CLI (a separate process) — passing, failing with a
 * diff that names the step and field, and passing again after --update.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseJUnit, xmlProblems } from "@/lib/check/junit-testing";
import { runCheckCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { recordCheck } from "./testing/record-check";
import { call, callJson } from "@/server/testing/route-client";
import { getRegistry } from "@/server/mcp/registry";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");
const resourcesRoute = await import("@/app/api/sessions/[id]/resources/route");
const templatesRoute = await import("@/app/api/sessions/[id]/templates/route");
const readRoute = await import("@/app/api/sessions/[id]/read/route");
const watchesRoute = await import("@/app/api/sessions/[id]/watches/route");
const toolsRoute = await import("@/app/api/sessions/[id]/tools/route");
const recordingRoute = await import("@/app/api/sessions/[id]/recording/route");
const recordingCheckRoute = await import("@/app/api/sessions/[id]/recording/check/route");
const contentRoute = await import("@/app/api/sessions/[id]/content/route");

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "mcp-checks-"));
// The app saves into its checks root only.
process.env.MCP_INSPECTOR_CHECKS_DIR = dir;
const p = (id: string) => ({ params: { id } });
const read = (id: string, uri: string) =>
  call(readRoute.GET, { ...p(id), path: `/x?uri=${encodeURIComponent(uri)}` });

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

const cli = (args: string[], env: Record<string, string> = {}) => runCheckCli(args, { cwd: dir, env });

const record = (body: object, actions: (id: string) => Promise<void>, name: string) =>
  recordCheck(dir, body, actions, name);

describe("record → save → check", () => {
  it("the demo: list, read, template read, watch with an update, list_changed; CLI passes, fails on a content switch, --update fixes", async () => {
    const { steps, file } = await record(
      { preset: "demo", env: { [TEST_MARK_VAR]: testMark(), DEMO_VARIANT: "one" } },
      async (id) => {
        await call(resourcesRoute.GET, p(id));
        await call(templatesRoute.GET, p(id));
        await read(id, "demo://docs/reference/api.txt");
        await read(id, "demo://users/alice/profile");
        await callJson(watchesRoute.POST, { method: "POST", ...p(id), body: { uri: "demo://live/clock" } });
        await new Promise((r) => setTimeout(r, 1_500));
        await callJson(toolsRoute.POST, {
          method: "POST",
          ...p(id),
          body: { name: "add_resource", arguments: { uri: "demo://dynamic/rec", text: "r" } },
        });
        await new Promise((r) => setTimeout(r, 500));
      },
      "demo basics",
    );
    const actions = steps.map((s) => s.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "connect",
        "listResources",
        "listTemplates",
        "read",
        "readTemplate",
        "watch",
        "expectUpdated",
        "callTool",
        "expectListChanged",
      ]),
    );
    const saved = JSON.parse(readFileSync(file, "utf8")) as { server: { env: Record<string, string> } };
    expect(saved.server.env.DEMO_VARIANT).toBe("${DEMO_VARIANT}"); // never a value

    const pass = await cli([dir], { DEMO_VARIANT: "one" });
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);

    // Each step result names the resource it is about, for "Open in viewer".
    const json = await cli([dir, "--reporter", "json"], { DEMO_VARIANT: "one" });
    const report = JSON.parse(json.stdout) as { results: { steps: { action: string; uri?: string }[] }[] };
    const about = report.results[0]!.steps.filter((s) => s.uri !== undefined).map((s) => s.action);
    expect(about).toEqual(expect.arrayContaining(["read", "readTemplate", "watch", "expectUpdated"]));

    const fail = await cli([dir], { DEMO_VARIANT: "two" });
    expect(fail.code).toBe(1);
    const readStep = steps.find((s) => s.action === "read")!.id;
    expect(fail.stdout).toMatch(new RegExp(`✗ ${readStep} read[\\s\\S]*/contents/0/text`));

    const junit = await cli([dir, "--reporter", "junit"], { DEMO_VARIANT: "two" });
    expect(xmlProblems(junit.stdout)).toEqual([]);
    const suites = parseJUnit(junit.stdout).testsuites.testsuite;
    expect(suites.map((s) => s.name)).toEqual(["demo basics"]);
    expect(suites[0]!.testcase).toHaveLength(steps.length);
    const failures = suites[0]!.testcase.filter((c) => c.failure);
    expect(Number(suites[0]!.failures)).toBe(failures.length);
    const readCase = failures.find((c) => c.name.startsWith(`${readStep} read`));
    expect(readCase?.failure?.message).toContain(readStep);
    expect(readCase?.failure?.["#text"]).toContain("/contents/0/text");

    expect((await cli([dir, "--update"], { DEMO_VARIANT: "two" })).code).toBe(0);
    const again = await cli([dir], { DEMO_VARIANT: "two" });
    expect(again.code, again.stdout).toBe(0);
  }, 90_000);

  it("server-everything 2026.8.31: dynamic resources with timestamps replay thanks to volatile detection; updates are notifications", async () => {
    const { steps } = await record(
      {
        command: process.execPath,
        args: [
          path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
          "stdio",
        ],
        env: { [TEST_MARK_VAR]: testMark() },
      },
      async (id) => {
        await call(resourcesRoute.GET, p(id));
        await call(templatesRoute.GET, p(id));
        await read(id, "demo://resource/dynamic/text/1");
        await callJson(watchesRoute.POST, {
          method: "POST",
          ...p(id),
          body: { uri: "demo://resource/dynamic/text/2" },
        });
        await callJson(toolsRoute.POST, {
          method: "POST",
          ...p(id),
          body: { name: "toggle-subscriber-updates", arguments: {} },
        });
        await new Promise((r) => setTimeout(r, 1_000));
      },
      "everything dynamic",
    );
    const tmpl = steps.find((s) => s.action === "readTemplate");
    expect(tmpl, "a read of a template-only uri is recorded as a template read").toBeDefined();
    expect(Object.values(tmpl!.matchers).some((m) => m.type === "regex" || m.type === "type")).toBe(true);
    expect(steps.some((s) => s.action === "expectUpdated")).toBe(true);
    const replay = await cli([dir, "--grep", "everything"]);
    expect(replay.code, replay.stdout + replay.stderr).toBe(0);
  }, 90_000);
});

describe("recording observes the session", () => {
  it("records session operations called directly, without a route; the viewer's content fetches and the recorder's own second looks are not steps", async () => {
    const created = await callJson<{ id: string }>(sessionsRoute.POST, {
      method: "POST",
      body: { preset: "demo", env: { [TEST_MARK_VAR]: testMark() } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    try {
      expect((await call(recordingRoute.POST, { method: "POST", ...p(id) })).status).toBe(201);
      const session = getRegistry().get(id);
      await session.listResources();
      await session.read("demo://docs/reference/api.txt");
      // Bytes of the same read for the viewer: a silent look, not a second step.
      const content = await call(contentRoute.GET, {
        ...p(id),
        path: `/x?uri=${encodeURIComponent("demo://docs/reference/api.txt")}&index=0`,
      });
      expect(content.status).toBe(200);
      await session.watch("demo://live/clock");
      await session.callTool("add_resource", { uri: "demo://dynamic/direct", text: "d" });
      await session.unwatch("demo://live/clock");
      const draft = await callJson<
        { check: { server: { name?: string }; steps: { action: string; uri?: string; name?: string }[] } },
        { id: string }
      >(recordingCheckRoute.POST, { method: "POST", ...p(id), body: { name: "direct" } });
      expect(draft.status).toBe(200);
      // After settling: the second looks (a list and a read) have run and added nothing.
      const actions = draft.body.check.steps
        .map((s) => s.action)
        .filter((a) => a !== "expectUpdated" && a !== "expectListChanged");
      expect(actions).toEqual(["connect", "listResources", "read", "watch", "callTool", "unwatch"]);
      expect(draft.body.check.steps.find((s) => s.action === "callTool")?.name).toBe("add_resource");
      // No name was given at launch: none for hosts to judge.
      expect(draft.body.check.server.name).toBeUndefined();

      // Once the recording is discarded, the session is heard by no one.
      expect((await call(recordingRoute.DELETE, { method: "DELETE", ...p(id) })).status).toBe(204);
      const idle = await call(recordingRoute.GET, p(id));
      expect([idle.status, await idle.json()]).toEqual([200, null]);
      await session.read("demo://docs/reference/api.txt");
      const still = await call(recordingRoute.GET, p(id));
      expect([still.status, await still.json()]).toEqual([200, null]);
    } finally {
      await call(sessionRoute.DELETE, { method: "DELETE", ...p(id) });
    }
  }, 30_000);

  it("a server named at launch (a config's key) keeps that name in the check, for its host rules", async () => {
    const created = await callJson<{ id: string }>(sessionsRoute.POST, {
      method: "POST",
      body: { preset: "demo", name: "docs:v2", env: { [TEST_MARK_VAR]: testMark() } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    try {
      expect((await call(recordingRoute.POST, { method: "POST", ...p(id) })).status).toBe(201);
      await getRegistry().get(id).listResources();
      const draft = await callJson<{ check: { server: { name?: string } } }, { id: string }>(
        recordingCheckRoute.POST,
        { method: "POST", ...p(id), body: { name: "named" } },
      );
      expect(draft.status).toBe(200);
      expect(draft.body.check.server.name).toBe("docs:v2");
    } finally {
      await call(sessionRoute.DELETE, { method: "DELETE", ...p(id) });
    }
  });
});
