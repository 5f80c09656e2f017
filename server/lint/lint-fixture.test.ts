/**
 * The Problems panel against real servers over real stdio: every check fires on the lint
 * fixture's misbehaviour that triggers it (e2e/fixtures/servers/lint-fixture.mjs), and a clean
 * run of the same fixture, server-everything and the demo server produce no problem at all after
 * an active scan. (The host rules' findings on the same servers are host-fixture.test.ts's.)
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StdioLaunch } from "@/lib/api/contract";
import type { ProblemCode } from "@/lib/lint/rules";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { demoLaunch } from "../mcp/launch";
import type { McpSession } from "../mcp/session";
import { ProblemScan } from "./scan";

const root = process.cwd();
const sessions = closedAfterEachTest();

const mark = () => ({ [TEST_MARK_VAR]: testMark() });

export function lintFixture(flags: string[]): StdioLaunch {
  return {
    kind: "stdio",
    program: process.execPath,
    args: [path.join(root, "e2e/fixtures/servers/lint-fixture.mjs"), ...flags],
    env: mark(),
    cwd: root,
  };
}

async function scanned(launch: StdioLaunch, before?: (s: McpSession) => void) {
  const { session } = openSession(sessions, launch, { requestTimeoutMs: 10_000 });
  before?.(session);
  await session.connect();
  // Let notifications sent right after initialize arrive.
  await new Promise((r) => setTimeout(r, 300));
  const state = await new ProblemScan(session).run();
  return { session, state, problems: session.lint.list() };
}

const codes = (problems: { code: string }[]) => [...new Set(problems.map((p) => p.code))].sort();
/** The spec's problems; the hosts' (`host-…`) have their own test, host-fixture.test.ts. */
const protocol = <P extends { code: string }>(problems: P[]) =>
  problems.filter((p) => !p.code.startsWith("host-"));

describe("lint fixture: each check fires on its misbehaviour", () => {
  const cases: [string[], ProblemCode[]][] = [
    [["undeclared-notifications"], ["notification-without-capability"]],
    [
      ["subscribe-unimplemented", "updated-unsubscribed"],
      ["capability-method-not-found", "updated-not-subscribed"],
    ],
    [
      ["uri-mismatch", "size", "no-mime"],
      ["missing-mime-type", "read-uri-mismatch", "size-mismatch"],
    ],
    [
      ["duplicate", "repeat-cursor"],
      ["duplicate-uri", "repeating-cursor"],
    ],
    [["empty-page"], ["empty-page-with-cursor"]],
    [
      ["bad-base64", "bad-utf8", "wrong-mime"],
      ["blob-not-base64", "mime-type-contradicts-bytes", "text-not-utf8"],
    ],
    [["not-found-code"], ["not-found-code"]],
    [
      ["bad-template", "outside-template"],
      ["invalid-uri-template", "resource-outside-template"],
    ],
    [
      ["icons", "annotations"],
      ["annotation-out-of-range", "data-icon-without-mime-type", "icon-scheme"],
    ],
    [
      ["stdout-junk", "stray-response", "error-no-code"],
      ["error-without-code", "response-without-request", "stdout-not-jsonrpc"],
    ],
  ];
  for (const [flags, expected] of cases) {
    it(`${flags.join(" + ")} → exactly ${expected.join(", ")}`, async () => {
      const { problems, state } = await scanned(lintFixture(flags));
      expect(state.running).toBe(false);
      expect(codes(protocol(problems))).toEqual(expected);
      for (const p of protocol(problems)) {
        expect(p.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\//);
        expect(p.why.length).toBeGreaterThan(20);
        expect(Date.parse(p.at)).not.toBeNaN();
      }
    });
  }

  it("slow: a read over the threshold is a warning, once per method however often it happens", async () => {
    const { session } = await scanned(lintFixture(["slow"]), (s) => (s.lint.slowMs = 800));
    await session.read("lint://docs/slow", true);
    const problems = protocol(session.lint.list());
    expect(problems, JSON.stringify(problems)).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "slow-request", severity: "warning", count: 2 });
    expect(problems[0]?.evidence.method).toBe("resources/read");
  });

  it("evidence points at the traffic log entry that shows the problem", async () => {
    const { session, problems } = await scanned(lintFixture(["size"]));
    const p = problems.find((x) => x.code === "size-mismatch");
    expect(p?.evidence.uri).toBe("lint://docs/sized");
    const entry = session.traffic.all().entries.find((e) => e.seq === p?.evidence.trafficSeq);
    expect(entry?.method).toBe("resources/read");
    expect(entry?.direction).toBe("in");
  });

  it("a problem seen again is counted, not repeated", async () => {
    const { session } = await scanned(lintFixture(["size"]));
    await session.read("lint://docs/sized", true);
    const sized = session.lint.list().filter((p) => p.code === "size-mismatch");
    expect(sized).toHaveLength(1);
    expect(sized[0]?.count).toBe(2);
  });
});

describe("no false positives", () => {
  it("the fixture without flags: zero problems after a scan that read every resource", async () => {
    const { problems, state } = await scanned(lintFixture([]));
    expect(state.reads).toBe(2);
    expect(protocol(problems)).toEqual([]);
  });

  it("server-everything 2026.8.31 (stdio): zero problems after an active scan", async () => {
    const { problems, state } = await scanned({
      kind: "stdio",
      program: process.execPath,
      args: [path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
      env: mark(),
      cwd: root,
    });
    expect(state.reads).toBe(7);
    expect(protocol(problems)).toEqual([]);
  });

  it("the demo server: only the problems its odd samples show on purpose (each real)", async () => {
    const { problems, state } = await scanned(demoLaunch(mark()));
    expect(state.reads).toBeGreaterThan(0);
    // server/demo/samples.ts and catalog.ts serve these deliberately, to show the viewer's
    // handling of odd content: a read answering for another URI with a size it was not listed
    // with, a blob that is not base64, a PNG blob and a log file without mimeType. Each is a real
    // spec problem, found correctly, and the viewer warns of the same on the same reads.
    expect(
      protocol(problems)
        .map((p) => `${p.code} ${p.evidence.uri}`)
        .sort(),
    ).toEqual([
      "blob-not-base64 demo://samples/odd/invalid-base64.bin",
      "missing-mime-type demo://samples/blobs/unlabelled",
      "missing-mime-type file:///srv/app/logs/server.log",
      "read-uri-mismatch demo://samples/odd/contradiction.txt",
      "size-mismatch demo://samples/odd/contradiction.txt",
    ]);
  });
});
