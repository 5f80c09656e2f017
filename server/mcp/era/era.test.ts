/**
 * The protocol eras (issue 15) against real servers over real stdio: watch, list_changed and read
 * work the same whether the server speaks 2024-11-05, 2025-11-25 or 2026-07-28, `auto` picks the
 * modern era when `server/discover` offers it, and forcing the legacy era on a modern server
 * works. The traffic log hears both eras.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { EraChoice, LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import type { McpSession } from "../session";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const root = process.cwd();
const sessions: McpSession[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

noLeftoverProcessesAfterAll();

const fixture = (file: string, era?: Exclude<EraChoice, "auto">): LaunchSpec => ({
  kind: "stdio",
  program: process.execPath,
  args: [path.join(root, "e2e/fixtures/servers", file)],
  env: { [TEST_MARK_VAR]: testMark() },
  ...(era ? { era } : {}),
});

const updatedFor =
  (uri: string, version: number) =>
  (e: InspectorEvent): e is Extract<InspectorEvent, { type: "resource-updated" }> =>
    e.type === "resource-updated" && e.uri === uri && e.version >= version;
const listChanged = (e: InspectorEvent): e is Extract<InspectorEvent, { type: "resources-changed" }> =>
  e.type === "resources-changed";

const text = (r: { contents: unknown[] }) => (r.contents[0] as { text?: string } | undefined)?.text;

const cases: { name: string; launch: () => LaunchSpec; era: "legacy" | "modern"; version: string }[] = [
  {
    name: "2024-11-05 (SDK 1.32 fixture)",
    launch: () => fixture("legacy-2024-server.mjs"),
    era: "legacy",
    version: "2024-11-05",
  },
  {
    name: "2026-07-28 (v2 fixture, auto)",
    launch: () => fixture("modern-server.mjs"),
    era: "modern",
    version: "2026-07-28",
  },
  {
    name: "2025-11-25 (v2 fixture, forced legacy)",
    launch: () => fixture("modern-server.mjs", "legacy"),
    era: "legacy",
    version: "2025-11-25",
  },
];

describe("protocol eras", () => {
  for (const c of cases) {
    it(`read, watch and list_changed work the same on ${c.name}`, async () => {
      const { session, waitFor, events } = openSession(sessions, c.launch());
      await session.connect();
      const summary = session.summary();
      expect(summary.era).toBe(c.era);
      expect(summary.protocolVersion).toBe(c.version);
      expect(summary.capabilities?.resources?.subscribe).toBe(true);

      const listed = await session.listResources();
      expect(listed.items.map((r) => r.uri)).toEqual(
        expect.arrayContaining(["modern://note", "modern://items/1"]),
      );
      const templates = await session.listTemplates();
      expect(templates.items.map((t) => t.uriTemplate)).toEqual(["modern://items/{id}"]);
      expect(text(await session.read("modern://note"))).toBe("note after 0 touches");

      await session.watch("modern://note");
      const from = events.length;
      await session.callTool("touch", { add: true });
      await waitFor(updatedFor("modern://note", 2), 10_000, from);
      expect(text(await session.read("modern://note"))).toBe("note after 1 touches");
      const changed = await waitFor(listChanged, 10_000, from);
      expect(changed.diff.added).toContain("modern://items/2");

      // Both eras' messages are in the traffic log, the modern probe included.
      const methods = session.traffic.all().entries.map((e) => e.method);
      expect(methods).toContain(c.era === "modern" ? "subscriptions/listen" : "resources/subscribe");
      if (c.launch().era === undefined) expect(methods).toContain("server/discover");
      else expect(methods).not.toContain("server/discover");
    });
  }

  it("carries ttlMs and cacheScope on 2026-07-28 results, and a read that asks for input is no content", async () => {
    const { session } = openSession(sessions, fixture("modern-server.mjs"));
    await session.connect();
    const listed = await session.listResources();
    expect(listed.hints).toEqual({
      ttlMs: 2_000,
      cacheScope: "public",
      receivedAt: listed.hints?.receivedAt,
    });
    expect(listed.hints?.receivedAt).toBeTypeOf("number");
    const note = await session.read("modern://note");
    expect(note).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    const form = await session.read("modern://form");
    expect(form.resultType).toBe("input_required");
    expect(form.contents).toEqual([]);
    expect(Object.keys(form.inputRequests ?? {})).toEqual(["profile"]);
  });

  it("a watch the listen stream acknowledged is not marked unacknowledged", async () => {
    const { session } = openSession(sessions, fixture("modern-server.mjs"));
    await session.connect();
    const watch = await session.watch("modern://counter");
    expect(watch.info().unacknowledged).toBeUndefined();
  });

  it("asking for the modern era of a legacy server fails with the reason", async () => {
    const { session } = openSession(sessions, fixture("legacy-2024-server.mjs", "modern"));
    await expect(session.connect()).rejects.toThrow(/does not speak 2026-07-28/);
  });

  it("a server that exits on server/discover is not started again: the failure names the legacy era, which connects it", async () => {
    // The 2024-11-05 fixture behind a first-line check that exits on the probe, as servers on
    // SDKs that allow nothing before initialize do. Started again, a server that crashes at
    // start would run its start-up twice (issue 33): one probe per process.
    const target = pathToFileURL(path.join(root, "e2e/fixtures/servers/legacy-2024-server.mjs")).href;
    // Prepended once the fixture listens, so the probe line never reaches the fixture itself.
    const script = `await import(${JSON.stringify(target)});
process.stdin.prependOnceListener("data", (c) => { if (String(c).includes("server/discover")) process.exit(3); });`;
    const launch = (era?: "legacy"): LaunchSpec => ({
      kind: "stdio",
      program: process.execPath,
      args: ["--input-type=module", "-e", script],
      env: { [TEST_MARK_VAR]: testMark() },
      ...(era ? { era } : {}),
    });
    const auto = openSession(sessions, launch()).session;
    await expect(auto.connect()).rejects.toThrow(
      /exited during initialization \(exit code 3\)\. It closed on the era probe \(server\/discover\) and was not started again: .* choose the legacy era/,
    );
    const { session } = openSession(sessions, launch("legacy"));
    await session.connect();
    expect(session.summary()).toMatchObject({
      status: "connected",
      era: "legacy",
      protocolVersion: "2024-11-05",
    });
    expect(text(await session.read("modern://counter"))).toBe("0");
  });

  it("auto keeps server-everything (2025-11-25) in the legacy era", async () => {
    const everything = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    const { session } = openSession(sessions, {
      kind: "stdio",
      program: process.execPath,
      args: [everything, "stdio"],
      env: { [TEST_MARK_VAR]: testMark() },
    });
    await session.connect();
    expect(session.summary()).toMatchObject({
      era: "legacy",
      protocolVersion: "2025-11-25",
      eraChoice: "auto",
    });
    expect((await session.listResources()).items.length).toBeGreaterThan(0);
  });
});
