/**
 * `mcp-resource-inspector diff` as CI runs it: a real process per call, against server-everything
 * over stdio and captures its real writer made. server-everything's seven listed resources are
 * static files, so a capture of them with --all compares equal with a later run; its template
 * resources (demo://resource/dynamic/…) carry the time of the read, so the capture reads one to
 * show --ignore silencing a field that changes on its own. Exit codes: 0 equal, 1 different,
 * 2 bad input, 3 a server that could not be started.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_FORMAT, encodeCapture, type Capture } from "@/lib/capture/format";
import { captureSession } from "@/server/capture/writer";
import { startEverythingHttp } from "@/server/testing/http-servers";
import { runCli } from "@/server/testing/check-cli";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "mcp-diff-cli-"));
const sessions = closedAfterEachTest();
const EVERYTHING = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const DYNAMIC = "demo://resource/dynamic/text/1";
/** `--ignore` for the one template read: its text holds the time it was read. */
const DYNAMIC_TEXT = `/reads/${DYNAMIC.replaceAll("~", "~0").replaceAll("/", "~1")}/contents/0/text`;
const everything = () => [
  "-e",
  `${TEST_MARK_VAR}=${testMark()}`,
  "--",
  process.execPath,
  EVERYTHING,
  "stdio",
];
const opts = { cwd: dir, env: { NO_COLOR: "1" } };

let capture: Capture;
const file = (name: string) => path.join(dir, name);

async function write(name: string, c: Capture): Promise<string> {
  writeFileSync(file(name), await encodeCapture(c));
  return file(name);
}

beforeAll(async () => {
  const { session } = openSession(sessions, {
    kind: "stdio",
    program: process.execPath,
    args: [EVERYTHING, "stdio"],
    env: { [TEST_MARK_VAR]: testMark() },
  });
  await session.connect();
  await session.read(DYNAMIC);
  capture = await captureSession(session, { all: true });
  await session.close();
  await write("everything.mcpcapture.json.gz", capture);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The capture with one listed text resource's text changed. */
function withOneChange(): { changed: Capture; uri: string } {
  const changed = structuredClone(capture);
  const read = changed.reads.find(
    (r) => r.uri !== DYNAMIC && typeof r.result?.contents[0]?.text === "string",
  )!;
  read.result!.contents[0]!.text = `${String(read.result!.contents[0]!.text)}\nan extra line\n`;
  return { changed, uri: read.uri };
}

describe("mcp-resource-inspector diff", () => {
  it("the capture holds every listed resource and the template read", () => {
    const listed = capture.resources.pages.flatMap((p) => p.items.map((r) => r.uri as string));
    expect(listed.length).toBeGreaterThanOrEqual(5);
    expect(capture.reads.map((r) => r.uri).sort()).toEqual([...listed, DYNAMIC].sort());
    expect(capture.reads.every((r) => r.result)).toBe(true);
  });

  it("a capture against itself is equal: exit 0", async () => {
    const f = file("everything.mcpcapture.json.gz");
    const r = await runCli(["diff", f, f], opts);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n").pop()).toBe("equal");
  });

  it("a capture against the live server is equal once the time-stamped template read is ignored", async () => {
    const f = file("everything.mcpcapture.json.gz");
    const r = await runCli(["diff", f, "--ignore", DYNAMIC_TEXT, ...everything()], opts);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`--- ${f}\n+++ ${process.execPath} ${EVERYTHING} stdio\nequal\n`);
  });

  it("one changed resource: exit 1, and the report names exactly that resource", async () => {
    const { changed, uri } = withOneChange();
    const f = await write("one-change.mcpcapture.json.gz", changed);
    const r = await runCli(["diff", f, "--ignore", DYNAMIC_TEXT, ...everything()], opts);
    expect(r.code, r.stderr).toBe(1);
    const changes = r.stdout.split("\n").filter((l) => /^ {2}[~+-] /.test(l));
    expect(changes).toEqual([`  ~ ${uri} [0] text:`]);
    expect(r.stdout).toContain("\nReads\n");
    expect(r.stdout).not.toMatch(/^(Server|Resources|Templates)$/m);
    // The capture had the extra line; the server does not: it is a removed line in the hunk.
    expect(r.stdout).toMatch(/^ {6}-an extra line$/m);
    expect(r.stdout.trimEnd().split("\n").pop()).toBe("1 change");
  });

  it("700 added resources: 50 listed, then one line counting the other 650 (issue 33 item 9)", async () => {
    const more = structuredClone(capture);
    const added = Array.from({ length: 700 }, (_, i) => ({ uri: `extra://r/${i}`, name: `extra ${i}` }));
    more.resources.pages.push({ items: added });
    const a = await write("base.mcpcapture.json.gz", capture);
    const b = await write("more.mcpcapture.json.gz", more);
    const r = await runCli(["diff", a, b], opts);
    expect(r.code, r.stderr).toBe(1);
    const plus = r.stdout.split("\n").filter((l) => l.startsWith("  + extra://"));
    expect(plus).toHaveLength(50);
    expect(r.stdout).toContain("  … and 650 more added");
    expect(r.stdout.trimEnd().split("\n").pop()).toBe("700 changes");
  });

  it("--format json is the diff, parseable, naming the same one read; --ignore silences that field", async () => {
    const { changed, uri } = withOneChange();
    const f = await write("one-change-json.mcpcapture.json.gz", changed);
    const out = file("diff.json");
    const r = await runCli(
      ["diff", f, file("everything.mcpcapture.json.gz"), "--format", "json", "--output", out],
      opts,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe("");
    const doc = (await import("node:fs")).readFileSync(out, "utf8");
    const d = JSON.parse(doc) as {
      format: string;
      equal: boolean;
      changes: number;
      reads: { uri: string; items: { kind: string; path: string }[] }[];
      resources: { changed: unknown[]; added: unknown[]; removed: unknown[] };
    };
    expect(d).toMatchObject({ format: "mcp-resource-inspector-diff", equal: false, changes: 1 });
    expect(d.reads.map((x) => [x.uri, x.items.map((i) => i.kind)])).toEqual([[uri, ["text"]]]);
    expect(d.resources).toMatchObject({ changed: [], added: [], removed: [] });

    const quiet = await runCli(
      ["diff", f, file("everything.mcpcapture.json.gz"), "--ignore", d.reads[0]!.items[0]!.path],
      opts,
    );
    expect(quiet.code, quiet.stdout).toBe(0);
    // A wildcard over every read's first item silences it too.
    const star = await runCli(
      ["diff", f, file("everything.mcpcapture.json.gz"), "--ignore", "/reads/*/contents/0/text"],
      opts,
    );
    expect(star.code, star.stdout).toBe(0);
  });

  it("a URL side: the capture against server-everything over Streamable HTTP", async () => {
    const http = await startEverythingHttp("streamableHttp", { [TEST_MARK_VAR]: testMark() });
    try {
      const r = await runCli(
        [
          "diff",
          file("everything.mcpcapture.json.gz"),
          http.url,
          "--ignore",
          DYNAMIC_TEXT,
          "--format",
          "json",
        ],
        opts,
      );
      const d = JSON.parse(r.stdout) as { after: string; reads: unknown[]; readOnly: unknown };
      expect(d.after).toBe(http.url);
      // The same contents over another transport: every read compared, none different.
      expect([r.code, d.reads, d.readOnly], r.stdout).toEqual([0, [], { before: [], after: [] }]);
    } finally {
      await http.stop();
    }
  });

  it("two servers of one config (--server twice) read everything they list", async () => {
    const fixture = path.join(root, "e2e/fixtures/servers/host-fixture.mjs");
    const env = { [TEST_MARK_VAR]: testMark() };
    writeFileSync(
      file("mcp.json"),
      JSON.stringify({
        mcpServers: {
          old: { command: process.execPath, args: [fixture, "png"], env },
          new: { command: process.execPath, args: [fixture, "png", "title"], env },
        },
      }),
    );
    const r = await runCli(
      ["diff", "--config", file("mcp.json"), "--server", "old", "--server", "new"],
      opts,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout.split("\n").filter((l) => /^ {2}[~+-] /.test(l))).toEqual([
      '  + host://docs/titled  ("titled")',
    ]);
    expect(r.stdout).toContain(`--- old (${file("mcp.json")})\n+++ new (${file("mcp.json")})\n`);
    // Each read its own listing: the new resource was read by the new server only.
    expect(r.stdout).toContain("  after only (1):\n    host://docs/titled\n");
  });

  it("bad input exits 2: garbage, a foreign JSON file, a newer format version, a missing file, bad usage", async () => {
    writeFileSync(file("garbage.gz"), Buffer.from([0x1f, 0x8b, 1, 2, 3, 4, 5]));
    writeFileSync(file("foreign.json"), JSON.stringify({ hello: "world" }));
    writeFileSync(file("newer.json"), JSON.stringify({ ...capture, format: CAPTURE_FORMAT, version: 99 }));
    const good = file("everything.mcpcapture.json.gz");
    const cases: [string[], RegExp][] = [
      [["diff", file("garbage.gz"), good], /not valid gzip/],
      [["diff", file("foreign.json"), good], /not a capture file/],
      [["diff", good, file("newer.json")], /version 99 was made by a newer inspector/],
      [["diff", file("missing.gz"), good], /no such capture file/],
      [["diff", good], /give two sides/],
      [["diff", good, good, "--ignore", "server/version"], /JSON Pointer/],
      [["diff", good, good, "--format", "xml"], /--format must be pretty or json/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, opts);
      expect([r.code, r.stderr], args.join(" ")).toEqual([2, expect.stringMatching(message)]);
    }
  });

  it("a server that cannot be started exits 3 with its reason", async () => {
    const r = await runCli(
      ["diff", file("everything.mcpcapture.json.gz"), "--", process.execPath, path.join(dir, "nope.mjs")],
      opts,
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/nope\.mjs: The server exited during initialization/);
    expect(r.stdout).toBe("");
  });
});
