/**
 * A capture opened offline (issue 25): the SDK's real Client against the replay (initialize, pages
 * exactly as captured — a broken pagination included —, reads, errors, a read not captured), and
 * the session the registry opens from it (the captured traffic, stderr and problems, not the
 * replay's; read-only; no process). Last, a capture the real writer took of a real stdio server,
 * opened: the same lists and reads as live.
 */
import { oncePrefixed } from "../session-errors";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import {
  CAPTURE_FORMAT,
  CAPTURE_VERSION,
  decodeCapture,
  encodeCapture,
  type Capture,
} from "@/lib/capture/format";
import { captureSession } from "@/server/capture/writer";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { leftoverProcesses, TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { readConfig } from "../config";
import { demoLaunch } from "../launch";
import { SessionRegistry } from "../registry";
import { CaptureReadOnlyError } from "../session-errors";
import { OwnedReplayTransport } from "./replay";

const sessions = closedAfterEachTest();
const registries: SessionRegistry[] = [];
afterAll(async () => {
  await Promise.all(registries.map((r) => r.closeAll()));
});

const res = (uri: string) => ({ uri, name: uri.split("/").pop()! });

/** A capture as the format says, by hand: two pages, a repeating cursor in the templates, reads. */
function sample(): Capture {
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    capturedAt: "2026-11-30T09:15:00.000Z",
    inspector: "0.1.0",
    name: "docs-server",
    launch: { kind: "stdio", program: "node", args: ["server.js"], env: { TOKEN: "${TOKEN}" } },
    server: {
      name: "docs",
      version: "2.3.4",
      protocolVersion: "2025-06-18",
      era: "legacy",
      capabilities: { resources: { subscribe: true, listChanged: true } },
      instructions: "Read the docs.",
    },
    resources: {
      pages: [
        { items: [res("doc://a"), res("doc://b")], nextCursor: "c1" },
        { cursor: "c1", items: [res("doc://c")] },
      ],
    },
    templates: {
      pages: [
        { items: [{ uriTemplate: "doc://{id}", name: "doc" }], nextCursor: "t1" },
        { cursor: "t1", items: [{ uriTemplate: "doc://x/{id}", name: "x" }], nextCursor: "t1" },
      ],
      error: "The server returned cursor t1 twice; the walk stopped.",
    },
    reads: [
      {
        uri: "doc://a",
        at: "2026-11-30T09:14:00.000Z",
        result: { contents: [{ uri: "doc://a", text: "alpha" }] },
      },
      { uri: "doc://b", at: "2026-11-30T09:14:01.000Z", error: { code: -32603, message: "backend offline" } },
    ],
    budget: { all: false, maxBytes: 1_000, usedBytes: 5, skipped: [] },
    traffic: {
      entries: [
        {
          seq: 1,
          at: 1,
          direction: "out",
          kind: "request",
          method: "initialize",
          rpcId: 0,
          bytes: 10,
          message: {},
          truncated: false,
        },
        {
          seq: 2,
          at: 2,
          direction: "in",
          kind: "response",
          method: "initialize",
          rpcId: 0,
          bytes: 12,
          latencyMs: 1,
          message: {},
          truncated: false,
        },
        { nonsense: true },
      ],
      dropped: 3,
    },
    stderr: { lines: ["docs server listening", "warming cache"], dropped: 0 },
    problems: [
      {
        code: "slow-request",
        severity: "warning",
        message: "resources/read took 12 s",
        specUrl: "https://modelcontextprotocol.io/specification",
        at: "2026-11-30T09:14:02.000Z",
        count: 2,
        evidence: { method: "resources/read", uri: "doc://a" },
        why: "Hosts time out.",
      },
    ],
  };
}

async function clientOf(capture: Capture) {
  const client = new Client({ name: "test", version: "1" });
  await client.connect(new OwnedReplayTransport(capture));
  return client;
}

describe("the replay of a capture", () => {
  it("answers initialize, both listings page by page and the reads exactly as captured", async () => {
    const client = await clientOf(sample());
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "docs", version: "2.3.4" });
      expect(client.getServerCapabilities()).toEqual({ resources: { subscribe: true, listChanged: true } });
      expect(client.getInstructions()).toBe("Read the docs.");
      const first = await client.listResources();
      expect([first.resources.map((r) => r.uri), first.nextCursor]).toEqual([["doc://a", "doc://b"], "c1"]);
      const second = await client.listResources({ cursor: "c1" });
      expect([second.resources.map((r) => r.uri), second.nextCursor]).toEqual([["doc://c"], undefined]);
      // The broken pagination breaks the same way: the page for t1 hands back t1 again.
      const t = await client.listResourceTemplates({ cursor: "t1" });
      expect([t.resourceTemplates.map((x) => x.uriTemplate), t.nextCursor]).toEqual([["doc://x/{id}"], "t1"]);
      // A cursor never asked of the server: the walk's recorded end.
      await expect(client.listResources({ cursor: "zz" })).rejects.toThrow(/no page for cursor "zz"/);

      expect((await client.readResource({ uri: "doc://a" })).contents).toEqual([
        { uri: "doc://a", text: "alpha" },
      ]);
      await expect(client.readResource({ uri: "doc://b" })).rejects.toMatchObject({
        code: -32603,
        message: expect.stringContaining("backend offline") as unknown,
      });
      await expect(client.readResource({ uri: "doc://c" })).rejects.toMatchObject({
        code: -32002,
        message: expect.stringContaining(
          "This read was not captured (the capture holds 2 reads; capture with --all to include every resource)",
        ) as unknown,
      });
      await expect(client.subscribeResource({ uri: "doc://a" })).rejects.toThrow(
        /read-only: it cannot be watched/,
      );
    } finally {
      await client.close();
    }
  });

  it("a read it lacks says why: not asked for (no --all), out of budget, or never listed (a template's expansion)", async () => {
    const { notCapturedMessage } = await import("./replay");
    expect(notCapturedMessage(sample(), "doc://c")).toBe(
      "This read was not captured (the capture holds 2 reads; capture with --all to include every resource).",
    );
    const all = {
      ...sample(),
      budget: { all: true, maxBytes: 10, usedBytes: 10, skipped: [{ uri: "doc://big", reason: "budget" }] },
    };
    expect(notCapturedMessage(all, "doc://big")).toMatch(
      /byte budget ran out before it .*larger --max-bytes/,
    );
    const expansion = notCapturedMessage(all, "doc://x/7");
    expect(expansion).toMatch(/"all" reads every listed resource, not template expansions or unlisted URIs/);
    expect(expansion).not.toContain("capture with --all");
  });

  it("a session opened from it shows the captured traffic, stderr and problems, refuses to run, spawns nothing, and is bounded in number", async () => {
    const registry = new SessionRegistry({ ...readConfig(), maxSessions: 2 });
    registries.push(registry);
    const before = await leftoverProcesses();
    const session = await registry.openCapture({ capture: sample(), file: "docs.mcpcapture.json.gz" });
    expect(session.summary()).toMatchObject({
      name: "docs-server",
      status: "connected",
      pid: null,
      transport: { kind: "stdio", pid: null },
      protocolVersion: "2025-06-18",
      era: "legacy",
      launch: { kind: "stdio", program: "node", args: ["server.js"], envNames: ["TOKEN"] },
      capture: {
        capturedAt: "2026-11-30T09:15:00.000Z",
        inspector: "0.1.0",
        file: "docs.mcpcapture.json.gz",
        reads: 2,
      },
    });
    const resources = await session.listResources();
    expect(resources.items.map((r) => r.uri)).toEqual(["doc://a", "doc://b", "doc://c"]);
    const templates = await session.listTemplates();
    expect(templates.warnings.join(" ")).toMatch(/t1/);
    expect((await session.read("doc://a")).contents).toEqual([{ uri: "doc://a", text: "alpha" }]);
    await expect(session.read("doc://c")).rejects.toThrow(/This read was not captured/);

    // The captured log, not the replay's own initialize, lists and reads; the malformed entry left out.
    const traffic = session.traffic.all();
    expect(traffic.entries.map((e) => [e.seq, e.method, e.kind])).toEqual([
      [1, "initialize", "request"],
      [2, "initialize", "response"],
    ]);
    expect(traffic.dropped).toBe(3);
    expect(session.stderr.all().lines).toEqual(["docs server listening", "warming cache"]);
    expect(session.lint.list()).toMatchObject([
      { code: "slow-request", count: 2, evidence: { uri: "doc://a" } },
    ]);

    await expect(session.watch("doc://a")).rejects.toBeInstanceOf(CaptureReadOnlyError);
    await expect(session.restart()).rejects.toThrow("A capture is read-only: it cannot be restarted.");
    await expect(session.reconnect()).rejects.toBeInstanceOf(CaptureReadOnlyError);
    await expect(session.signIn()).rejects.toBeInstanceOf(CaptureReadOnlyError);
    const again = await registry.openCapture({ capture: sample() });
    expect(again.name).toBe("docs-server (2)");
    // Each holds its file in memory: at most as many as servers may run (MCP_INSPECTOR_MAX_SESSIONS).
    await expect(registry.openCapture({ capture: sample() })).rejects.toThrow(
      "Already 2 captures open (MCP_INSPECTOR_MAX_SESSIONS=2); close one first.",
    );
    expect(await leftoverProcesses()).toEqual(before);
    // Two captures open under a limit of two: captures run nothing, so a server still starts.
    const demo = await registry.create(demoLaunch({ [TEST_MARK_VAR]: testMark() }));
    expect(demo.status).toBe("connected");
    await registry.remove(demo.id);
    await registry.remove(session.id);
    expect(registry.list().map((s) => s.id)).toEqual([again.id]);
  });

  it("a capture the writer took of a real server opens with the same lists and reads as live", async () => {
    const launch: LaunchSpec = {
      kind: "stdio",
      program: process.execPath,
      args: [
        path.join(process.cwd(), "e2e/fixtures/servers/host-fixture.mjs"),
        "repeat-cursor",
        "read-error",
      ],
      env: { [TEST_MARK_VAR]: testMark() },
    };
    const { session: live } = openSession(sessions, launch);
    await live.connect();
    const liveRead = await live.read("host://docs/readme");
    const liveError = await live.read("host://docs/broken").catch((err: Error) => err.message);
    const liveList = await live.listResources();
    const file = await encodeCapture(await captureSession(live));

    const registry = new SessionRegistry(readConfig());
    registries.push(registry);
    const offline = await registry.openCapture({ capture: await decodeCapture(file) });
    const offlineList = await offline.listResources();
    expect(offlineList.items).toEqual(liveList.items);
    expect(offlineList.warnings).toEqual(liveList.warnings);
    expect(await offline.read("host://docs/readme")).toEqual(liveRead);
    // As the page shows either (the SDK server's McpError message arrives prefixed twice live).
    const offlineError = await offline.read("host://docs/broken").then(
      () => "(no error)",
      (err: Error) => err.message,
    );
    expect(oncePrefixed(offlineError)).toEqual(oncePrefixed(liveError as string));
    expect(offline.summary()).toMatchObject({
      serverInfo: live.serverInfo,
      capabilities: live.capabilities,
      protocolVersion: live.summary().protocolVersion,
    });
    expect(
      offline.lint
        .list()
        .map((p) => p.code)
        .sort(),
    ).toEqual(
      live.lint
        .list()
        .map((p) => p.code)
        .sort(),
    );
  });
});
