/**
 * The capture writer against real servers over real stdio and HTTP: listings page by page as
 * received (a repeated cursor kept as heard), the reads the user made with their errors, "capture
 * all" under a byte budget, cancellation, and no secret value anywhere in the file — not in the
 * launch, not where the server echoed its own credential into a resource and its stderr.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import { decodeCapture, encodeCapture, parseCapture, stateOf } from "@/lib/capture/format";
import { startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { demoLaunch } from "@/server/mcp/launch";
import { startScan } from "@/server/lint/scan";
import { CaptureCancelledError, captureSession } from "./writer";

const root = process.cwd();
const sessions = closedAfterEachTest();
const fixture = (flags: string[], env: Record<string, string> = {}): LaunchSpec => ({
  kind: "stdio",
  program: process.execPath,
  args: [path.join(root, "e2e/fixtures/servers/host-fixture.mjs"), ...flags],
  env: { [TEST_MARK_VAR]: testMark(), ...env },
});

async function connected(launch: LaunchSpec) {
  const { session } = openSession(sessions, launch);
  await session.connect();
  return session;
}

describe("captureSession", () => {
  it("keeps each listing page by page as received, and the reads the user made with their errors", async () => {
    const session = await connected(fixture(["repeat-cursor", "read-error"]));
    await session.read("host://docs/readme");
    await expect(session.read("host://docs/broken")).rejects.toThrow(/offline/);
    const capture = parseCapture(await captureSession(session));

    expect(capture.server).toMatchObject({
      name: expect.any(String) as unknown,
      capabilities: { resources: {} },
    });
    expect(capture.server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The fixture's second page hands back the first page's cursor: the walk stopped there, and said so.
    expect(capture.resources.pages.map((p) => [p.cursor, p.items.length, p.nextCursor])).toEqual([
      [undefined, 1, "p1"],
      ["p1", 2, "p1"],
    ]);
    expect(capture.resources.error).toMatch(/twice/);
    expect(capture.templates.pages.length).toBeGreaterThan(0);
    expect(capture.reads.map((r) => [r.uri, Boolean(r.result), r.error?.message])).toEqual([
      ["host://docs/readme", true, undefined],
      ["host://docs/broken", false, expect.stringContaining("offline")],
    ]);
    expect(capture.reads[1]!.error!.code).toBe(-32603);
    expect(capture.budget).toMatchObject({ all: false, skipped: [] });
    expect(capture.budget.usedBytes).toBe(Buffer.byteLength("Hello from the host fixture.\n"));
    expect(capture.traffic.entries.some((e) => (e as { method?: string }).method === "resources/read")).toBe(
      true,
    );
    expect(capture.stderr.lines.join("\n")).toMatch(/host-fixture \d+ flags/);
    expect(capture.problems.length).toBeGreaterThan(0);

    // Round trip through the file's bytes; as one side of a comparison the pages are joined.
    const back = await decodeCapture(await encodeCapture(capture));
    expect(back).toEqual(capture);
    expect(stateOf(back).resources.map((r) => r.uri)).toHaveLength(3);
  });

  it("after a Problems scan, the capture holds the server's reads, not the scan's not-found probe (issue 33 item 7)", async () => {
    const session = await connected(fixture([]));
    await session.read("host://docs/readme");
    await startScan(session).run();
    const capture = parseCapture(await captureSession(session));
    const uris = capture.reads.map((r) => r.uri);
    expect(uris).toContain("host://docs/readme");
    expect(uris.filter((u) => u.startsWith("mcp-inspector-probe:"))).toEqual([]);
    // The probe did happen (the traffic says so): it is only kept out of the server's state.
    expect(JSON.stringify(capture.traffic.entries)).toContain("mcp-inspector-probe:");
  });

  it("capture all reads every listed resource until the byte budget, and names what it left out", async () => {
    const session = await connected(fixture(["long-text", "png"]));
    const all = await captureSession(session, { all: true });
    expect(all.reads.map((r) => r.uri).sort()).toEqual([
      "host://docs/long",
      "host://docs/readme",
      "host://images/dot.png",
      "host://items/1",
    ]);
    expect(all.budget.skipped).toEqual([]);

    const { session: small } = openSession(sessions, fixture(["long-text", "png"]));
    await small.connect();
    const progress: number[] = [];
    const budgeted = await captureSession(small, {
      all: true,
      maxBytes: 1_000,
      onProgress: (p) => p.phase === "reads" && progress.push(p.done),
    });
    // 50,000 characters of "word " cannot fit 1,000 bytes; the short texts and the 1-pixel PNG do.
    expect(budgeted.reads.map((r) => r.uri)).not.toContain("host://docs/long");
    expect(budgeted.budget.skipped).toEqual([
      { uri: "host://docs/long", reason: expect.stringContaining("byte budget (1000 bytes)") as unknown },
    ]);
    expect(budgeted.budget.usedBytes).toBeLessThanOrEqual(1_000);
    expect(progress.at(-1)).toBe(4);
  });

  it("a read too large for the session's read log is read again by the capture, whole", async () => {
    const session = await connected(demoLaunch({ [TEST_MARK_VAR]: testMark() }));
    const big = await session.read("demo://large/10mb.txt");
    // The session remembers that it was read, not its 10 MB (the backend keeps no copy of a big read).
    expect(session.readLog.get("demo://large/10mb.txt")).toMatchObject({ large: true });
    expect(session.readLog.get("demo://large/10mb.txt")?.result).toBeUndefined();
    const capture = await captureSession(session);
    expect(capture.reads.map((r) => r.uri)).toEqual(["demo://large/10mb.txt"]);
    expect(capture.reads[0]!.result).toEqual(JSON.parse(JSON.stringify(big)));
    expect(capture.budget.usedBytes).toBe(10_000_000);
  });

  it("a cancelled capture rejects and writes nothing", async () => {
    const session = await connected(fixture(["many"]));
    const abort = new AbortController();
    const capturing = captureSession(session, {
      all: true,
      signal: abort.signal,
      onProgress: (p) => p.phase === "reads" && p.done === 10 && abort.abort(),
    });
    await expect(capturing).rejects.toBeInstanceOf(CaptureCancelledError);
  });

  it("no environment secret reaches the file, even where the server echoed it", async () => {
    const token = "fx-9f8e7d6c5b4a-secret";
    const session = await connected(fixture(["echo-secret"], { FIXTURE_TOKEN: token, PLAIN: "production" }));
    await session.read("host://debug/env");
    // stderr arrives on its own pipe: wait until the echo is in the log.
    for (let i = 0; i < 50 && !session.stderr.all().lines.some((l) => l.includes("FIXTURE_TOKEN=")); i++)
      await new Promise((r) => setTimeout(r, 20));
    const capture = await captureSession(session, { all: true });
    const text = new TextDecoder().decode(
      await new Response(
        new Blob([(await encodeCapture(capture)) as Uint8Array<ArrayBuffer>])
          .stream()
          .pipeThrough(new DecompressionStream("gzip")),
      ).arrayBuffer(),
    );
    expect(text).not.toContain(token);
    expect(capture.launch).toMatchObject({
      kind: "stdio",
      env: { FIXTURE_TOKEN: "${FIXTURE_TOKEN}", PLAIN: "${PLAIN}" },
    });
    const read = capture.reads.find((r) => r.uri === "host://debug/env")!;
    expect(JSON.stringify(read.result)).toContain("token in use: ${FIXTURE_TOKEN}");
    expect(capture.stderr.lines).toContain("debug: FIXTURE_TOKEN=${FIXTURE_TOKEN}");
    // A value that is not a secret's is left where the server put it.
    expect(text).toContain("host fixture");
  });
});

describe("captureSession over HTTP", () => {
  let everything: HttpServerHandle | undefined;
  afterAll(async () => {
    await everything?.stop();
  });

  it("a secret header and a secret URL parameter are references, never values", async () => {
    everything = await startEverythingHttp("streamableHttp");
    const secret = "Bearer abc123-header-secret-xyz";
    const session = await connected({
      kind: "http",
      url: `${everything.url}?api_key=query-secret-987654&plain=1`,
      transport: "streamable-http",
      headers: { Authorization: secret, "X-Client": "inspector-test" },
    });
    await session.read("demo://resource/static/document/architecture.md").catch(() => undefined);
    const capture = await captureSession(session);
    const text = JSON.stringify(capture);
    expect(text).not.toContain("abc123-header-secret-xyz");
    expect(text).not.toContain("query-secret-987654");
    expect(capture.launch).toMatchObject({
      kind: "http",
      headers: { Authorization: "${AUTHORIZATION}", "X-Client": "inspector-test" },
    });
    expect(capture.launch.kind === "http" && capture.launch.url).toContain("api_key=${API_KEY}&plain=1");
    expect(capture.resources.pages.flatMap((p) => p.items).length).toBeGreaterThan(0);
  });
});
