/**
 * Issue #3 backend: watch → update → re-read → event; list_changed → full re-list → diff; over
 * real stdio against the demo server and both server-everything builds, through the real route
 * handlers and the real SSE stream.
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { EventReader } from "@/server/testing/event-reader";
import { call, callJson } from "@/server/testing/route-client";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const resourcesRoute = await import("./sessions/[id]/resources/route");
const readRoute = await import("./sessions/[id]/read/route");
const watchesRoute = await import("./sessions/[id]/watches/route");
const versionsRoute = await import("./sessions/[id]/versions/route");
const toolsRoute = await import("./sessions/[id]/tools/route");
const trafficRoute = await import("./sessions/[id]/traffic/route");
const eventsRoute = await import("./events/route");

const root = process.cwd();
const env = () => ({ [TEST_MARK_VAR]: testMark() });
const pkg = (p: string) => path.join(root, "node_modules", p);

interface Summary {
  id: string;
  capabilities: { resources?: { subscribe?: boolean; listChanged?: boolean } } | null;
}
type Of<T extends InspectorEvent["type"]> = Extract<InspectorEvent, { type: T }>;
const is =
  <T extends InspectorEvent["type"]>(type: T, pred: (e: Of<T>) => boolean = () => true) =>
  (e: InspectorEvent): e is Of<T> =>
    e.type === type && pred(e as Of<T>);

let events: EventReader;
beforeEach(async () => {
  events = new EventReader();
  const res = await call(eventsRoute.GET, { headers: {} });
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  events.start(res);
  await events.waitFor(is("hello"));
});
afterEach(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  await events.stop();
});
noLeftoverProcessesAfterAll();

async function connect(body: object): Promise<Summary> {
  const res = await callJson<Summary>(sessionsRoute.POST, { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const p = (id: string) => ({ params: { id } });
const watch = (id: string, uri: string) =>
  callJson(watchesRoute.POST, { method: "POST", ...p(id), body: { uri } });
const read = (id: string, uri: string) =>
  callJson<{ contents: { text?: string }[] }, { id: string }>(readRoute.GET, {
    ...p(id),
    path: `/x?uri=${encodeURIComponent(uri)}`,
  });
const tool = (id: string, name: string, args: object = {}) =>
  callJson(toolsRoute.POST, { method: "POST", ...p(id), body: { name, arguments: args } });

describe("demo server", () => {
  it("watching the clock: update → re-read → event, and the read route answers the new content", async () => {
    const s = await connect({ preset: "demo", env: env() });
    const first = await watch(s.id, "demo://live/clock");
    expect(first.status).toBe(201);
    const before = (await read(s.id, "demo://live/clock")).body.contents[0]?.text;
    const ev = await events.waitFor(
      is("resource-updated", (e) => e.uri === "demo://live/clock" && e.version >= 2),
      5_000,
    );
    expect(ev.sessionId).toBe(s.id);
    expect(JSON.stringify(ev)).not.toContain("at-ms"); // events never carry contents
    const after = (await read(s.id, "demo://live/clock")).body.contents[0]?.text;
    expect(after).not.toBe(before);
    const version = await callJson<{ version: number; digests: { sha256: string }[] }, { id: string }>(
      versionsRoute.GET,
      {
        ...p(s.id),
        path: `/x?uri=${encodeURIComponent("demo://live/clock")}&version=1`,
      },
    );
    expect(version.body.version).toBe(1);
    expect(version.body.digests[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const list = await callJson<{ watches: { uri: string; versions: unknown[] }[] }, { id: string }>(
      watchesRoute.GET,
      p(s.id),
    );
    expect(list.body.watches[0]?.versions.length).toBeGreaterThanOrEqual(2);
    expect(
      (
        await call(watchesRoute.DELETE, {
          method: "DELETE",
          ...p(s.id),
          path: "/x?uri=demo%3A%2F%2Flive%2Fclock",
        })
      ).status,
    ).toBe(204);
    await events.waitFor(is("watches", (e) => e.sessionId === s.id && e.uris.length === 0));
  });

  it("add_resource → list_changed → every page re-listed → a diff naming the new uri", async () => {
    const s = await connect({ preset: "demo", env: env() });
    await callJson(resourcesRoute.GET, p(s.id)); // prime the cached listing
    expect((await tool(s.id, "add_resource", { uri: "demo://dynamic/from-test", text: "hi" })).status).toBe(
      200,
    );
    const ev = await events.waitFor(
      is("resources-changed", (e) => e.diff.added.includes("demo://dynamic/from-test")),
    );
    expect(ev.undeclared).toBe(false);
    expect(ev.diff.removed).toEqual([]);
    const list = await callJson<{ resources: { uri: string }[]; pages: number }, { id: string }>(
      resourcesRoute.GET,
      p(s.id),
    );
    expect(list.body.resources.some((r) => r.uri === "demo://dynamic/from-test")).toBe(true);
    expect(list.body.pages).toBeGreaterThan(1);
    await tool(s.id, "remove_resource", { uri: "demo://dynamic/from-test" });
    await events.waitFor(is("resources-changed", (e) => e.diff.removed.includes("demo://dynamic/from-test")));
  });

  it("a burst of list changes never runs two re-lists of one session at once", async () => {
    const s = await connect({ preset: "demo", env: { ...env(), DEMO_LIST_CHURN_MS: "10" } });
    await new Promise((r) => setTimeout(r, 1_500));
    const traffic = await callJson<
      { entries: { direction: string; kind: string; method?: string; at: number; seq: number }[] },
      { id: string }
    >(trafficRoute.GET, p(s.id));
    // Walk the log: between a resources/list request for the first page and the last page's
    // response, no second walk may start. Approximate by counting in-flight list requests.
    let inFlight = 0;
    let maxInFlight = 0;
    for (const e of traffic.body.entries) {
      if (e.method !== "resources/list") continue;
      if (e.direction === "out" && e.kind === "request") inFlight++;
      // The bounded log may start mid-walk: an unmatched response does not go below zero.
      if (e.direction === "in" && e.kind !== "request") inFlight = Math.max(0, inFlight - 1);
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
    const changes = traffic.body.entries.filter(
      (e) => e.method === "notifications/resources/list_changed",
    ).length;
    const lists = traffic.body.entries.filter(
      (e) => e.method === "resources/list" && e.kind === "request",
    ).length;
    expect(changes).toBeGreaterThan(10);
    expect(maxInFlight).toBe(1);
    expect(lists).toBeGreaterThan(0);
  });
});

describe("@modelcontextprotocol/server-everything", () => {
  it("2026.8.31: toggle-subscriber-updates drives updated notifications for a watched dynamic resource", async () => {
    const s = await connect({
      command: process.execPath,
      args: [pkg("@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
      env: env(),
    });
    const uri = "demo://resource/dynamic/text/1";
    expect((await watch(s.id, uri)).status).toBe(201);
    expect((await tool(s.id, "toggle-subscriber-updates")).status).toBe(200);
    const ev = await events.waitFor(
      is("resource-updated", (e) => e.uri === uri && e.version >= 2),
      12_000,
    );
    expect(ev.undeclared).toBe(false);
  }, 20_000);

  it("2026.8.31: gzip-file-as-resource adds a session resource announced by list_changed", async () => {
    const s = await connect({
      command: process.execPath,
      args: [pkg("@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
      env: env(),
    });
    await callJson(resourcesRoute.GET, p(s.id));
    const data = `data:text/plain;base64,${Buffer.from("hello inspector\n").toString("base64")}`;
    const r = await tool(s.id, "gzip-file-as-resource", { name: "hello.txt.gz", data });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ev = await events.waitFor(
      is("resources-changed", (e) => e.sessionId === s.id && e.diff.added.length > 0),
    );
    expect(ev.diff.added.some((u) => u.includes("hello.txt.gz"))).toBe(true);
  });

  it("2025.11.25 (no listChanged capability) sends automatic updates for a watched resource", async () => {
    const s = await connect({
      command: process.execPath,
      args: [pkg("everything-legacy/dist/index.js")],
      env: env(),
    });
    expect(s.capabilities?.resources?.listChanged).toBeFalsy();
    expect((await watch(s.id, "test://static/resource/1")).status).toBe(201);
    const ev = await events.waitFor(
      is("resource-updated", (e) => e.uri === "test://static/resource/1"),
      15_000,
    );
    expect(ev.sessionId).toBe(s.id);
  }, 25_000);
});

describe("watching needs the capability", () => {
  it("a server without resources.subscribe answers 409 to a watch", async () => {
    const s = await connect({
      command: process.execPath,
      args: ["--import", "tsx", path.join(root, "e2e/fixtures/servers/misbehaving-server.ts"), "noisy"],
      env: env(),
    });
    const res = await watch(s.id, "bad://thing");
    expect(res.status).toBe(409);
  });
});
