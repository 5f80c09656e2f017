/**
 * The one-shot CLI as a script runs it: a real process per call against real servers (the demo
 * bundle over stdio, server-everything over Streamable HTTP and stdio, the misbehaving fixture),
 * its exit code and output.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const demo = path.resolve("dist/demo-server.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-oneshot-"));
const opts = () => ({ cwd: dir, env: { [TEST_MARK_VAR]: testMark() } });
const server = () => ["--", process.execPath, demo];
const tsx = path.resolve("node_modules/tsx/dist/loader.mjs");
/** The misbehaving fixture in one of its modes, marked so teardown can prove it gone. */
const misbehaving = (mode: string) => [
  "-e",
  `${TEST_MARK_VAR}=${testMark()}`,
  "--",
  process.execPath,
  "--import",
  pathToFileURL(tsx).href,
  path.resolve("e2e/fixtures/servers/misbehaving-server.ts"),
  mode,
];
const everythingStdio = () => [
  "-e",
  `${TEST_MARK_VAR}=${testMark()}`,
  "--",
  process.execPath,
  path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
  "stdio",
];
/** The 2026-07-28 fixture (v2 server SDK): cache hints, and a read that asks for input. */
const modern = () => ["--", process.execPath, path.resolve("e2e/fixtures/servers/modern-server.mjs")];
let everything: HttpServerHandle;

beforeAll(async () => {
  everything = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  await everything.stop();
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses(
    (p) =>
      p.cmdline.includes("demo-server") ||
      p.cmdline.includes("misbehaving-server") ||
      p.cmdline.includes("modern-server"),
  );
});

describe("mcp-resource-inspector resources / subscribe", () => {
  it("lists as JSON and as text lines, then exits 0", async () => {
    const json = await runCli(["resources", "list", ...server()], opts());
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as { resources: { uri: string }[]; pages: number };
    expect(listed.resources.map((r) => r.uri)).toContain("demo://docs/guides/getting-started.md");
    const text = await runCli(["resources", "list", "--format", "text", ...server()], opts());
    expect(text.stdout.split("\n")).toContain(
      "demo://docs/guides/getting-started.md\tgetting-started.md\ttext/markdown",
    );
    const templates = await runCli(["resources", "templates", ...server()], opts());
    expect(
      (JSON.parse(templates.stdout) as { resourceTemplates: unknown[] }).resourceTemplates.length,
    ).toBeGreaterThan(0);
  });

  it("reads one item raw to a file, JSON to stdout, and fails with exit 1 for an unknown URI", async () => {
    const out = path.join(dir, "guide.md");
    const raw = await runCli(
      [
        "resources",
        "read",
        "demo://docs/guides/getting-started.md",
        "--format",
        "text",
        "--output",
        out,
        ...server(),
      ],
      opts(),
    );
    expect(raw).toMatchObject({ code: 0, stdout: "" });
    expect(readFileSync(out, "utf8")).toMatch(/^# /m);
    const missing = await runCli(["resources", "read", "demo://nope", ...server()], opts());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Resource not found: demo:\/\/nope/);
  });

  it("talks to a server behind a URL", async () => {
    const r = await runCli(["resources", "list", "--format", "text", everything.url], opts());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^demo:\/\/resource\/static\/document\//m);
  });

  it("subscribe prints each update as a JSON line and stops after --count", async () => {
    const r = await runCli(
      ["subscribe", "demo://live/clock", "--count", "2", "--timeout", "20000", ...server()],
      opts(),
    );
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { uri: string; version: number });
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.uri)).toEqual(["demo://live/clock", "demo://live/clock"]);
    expect(lines[1]!.version).toBeGreaterThan(lines[0]!.version);
  });

  it("bad usage is one line and exit 2", async () => {
    for (const args of [
      ["resources", "lis"],
      ["resources", "read"],
      ["resources", "list"],
      ["resources", "list", "--format", "xml", ...server()],
    ]) {
      const r = await runCli(args, opts());
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.split("\n")[0]).toMatch(/^mcp-resource-inspector: /);
    }
  });
});

describe("mcp-resource-inspector resources: a server that cannot answer says so in one line", () => {
  const noCapability =
    "misbehaving-no-resources did not declare the resources capability when it connected, so there is nothing to list or read.";

  it("no resources capability: text is the page's sentence and exit 1; JSON an empty answer with a note", async () => {
    const text = await runCli(
      ["resources", "list", "--format", "text", ...misbehaving("no-resources")],
      opts(),
    );
    expect(text).toMatchObject({ code: 1, stdout: "" });
    expect(text.stderr).toBe(`mcp-resource-inspector: ${noCapability}\n`);
    const json = await runCli(["resources", "list", ...misbehaving("no-resources")], opts());
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ resources: [], pages: 0, note: noCapability });
    // A read read nothing: exit 1 whatever the format, the JSON still parses.
    const read = await runCli(["resources", "read", "x://y", ...misbehaving("no-resources")], opts());
    expect(read.code).toBe(1);
    expect(JSON.parse(read.stdout)).toEqual({ contents: [], note: noCapability });
    expect(read.stderr).not.toMatch(/-32601|Method not found/);
  });

  it("a server that never answers initialize: exit 1, 'initialize timed out', not our SIGTERM", async () => {
    const r = await runCli(["resources", "list", ...misbehaving("silent")], {
      cwd: dir,
      env: { [TEST_MARK_VAR]: testMark(), MCP_INSPECTOR_CONNECT_TIMEOUT_MS: "1000" },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("initialize timed out: the server did not answer within 1000 ms");
    expect(r.stderr).not.toMatch(/SIGTERM|exited/);
  });

  it("no templates list: templates says so (exit 1 as text, an empty JSON answer with a note)", async () => {
    const text = await runCli(
      ["resources", "templates", "--format", "text", ...misbehaving("default")],
      opts(),
    );
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(
      /^mcp-resource-inspector: misbehaving-default does not answer resources\/templates\/list \(Method not found\): it offers no resource templates\.\n$/,
    );
    const json = await runCli(["resources", "templates", ...misbehaving("default")], opts());
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      resourceTemplates: [],
      pages: 0,
      note: /no resource templates/,
    });
  });

  it("a malformed list result is one line naming the broken field, never zod's JSON", async () => {
    const r = await runCli(["resources", "list", ...misbehaving("bad-list")], opts());
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      "mcp-resource-inspector: The server's answer does not follow the MCP schema: resources: Invalid input: expected array, received string",
    );
    expect(r.stderr).not.toMatch(/"code": "invalid_type"/);
  });

  it("an unknown URI of an SDK McpServer carries its MCP error prefix once", async () => {
    const r = await runCli(["resources", "read", "demo://nope", ...everythingStdio()], opts());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mcp-resource-inspector: MCP error -32602: Resource demo:\/\/nope not found$/m);
    expect(r.stderr).not.toMatch(/MCP error -32602: MCP error/);
  });

  it("subscribe that times out short of --count says how many came and exits 3; without --count a timeout is the end", async () => {
    const short = await runCli(
      [
        "subscribe",
        "demo://docs/guides/getting-started.md",
        "--count",
        "2",
        "--timeout",
        "1500",
        ...server(),
      ],
      opts(),
    );
    expect(short.code).toBe(3);
    expect(short.stderr).toBe(
      "mcp-resource-inspector: subscribe: 0 of 2 update(s) of demo://docs/guides/getting-started.md within 1500 ms\n",
    );
    const open = await runCli(
      ["subscribe", "demo://docs/guides/getting-started.md", "--timeout", "1000", ...server()],
      opts(),
    );
    expect(open).toMatchObject({ code: 0, stdout: "" });
  });

  it("a mistyped action names the closest one; a server option's value is never the URI", async () => {
    const r = await runCli(["resources", "lsit", ...server()], opts());
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(
      'mcp-resource-inspector: unknown action "lsit": did you mean resources list?',
    );
    const cwd = await runCli(
      [
        "resources",
        "read",
        "--cwd",
        dir,
        "demo://docs/guides/getting-started.md",
        "--format",
        "text",
        ...server(),
      ],
      opts(),
    );
    expect(cwd.code, cwd.stderr).toBe(0);
    expect(cwd.stdout).toMatch(/^# /m);
  });
});

describe("resources on a 2026-07-28 server", () => {
  it("list, templates and read --format json carry ttlMs and cacheScope (per page for lists)", async () => {
    const list = await runCli(["resources", "list", ...modern()], opts());
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({
      pages: 1,
      ttlMs: 2_000,
      cacheScope: "public",
      pageHints: [{ ttlMs: 2_000, cacheScope: "public" }],
    });
    const templates = JSON.parse(
      (await runCli(["resources", "templates", ...modern()], opts())).stdout,
    ) as object;
    expect(templates).toMatchObject({ ttlMs: 60_000, pageHints: [{ ttlMs: 60_000, cacheScope: "private" }] });
    const read = JSON.parse(
      (await runCli(["resources", "read", "modern://note", ...modern()], opts())).stdout,
    ) as {
      receivedAt?: number;
    };
    expect(read).toMatchObject({ ttlMs: 5_000, cacheScope: "public" });
    expect(read.receivedAt).toBeTypeOf("number");
  });

  it("an input_required read is answered with --input and prints the content", async () => {
    const r = await runCli(
      [
        "resources",
        "read",
        "modern://form",
        "--format",
        "text",
        "--input",
        "name=Ada",
        "--input",
        "age=36",
        ...modern(),
      ],
      opts(),
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("hello Ada, aged 36");
  });

  it("without --input and no terminal, it exits 1 naming the inputs; a wrong one is named too", async () => {
    const none = await runCli(["resources", "read", "modern://form", ...modern()], opts());
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("");
    expect(none.stderr).toContain(
      "modern://form needs input before the server gives content: name (text, required), age (whole number), colour (one of red|green|blue), newsletter (true/false). Pass --input NAME=VALUE (repeatable), or run on a terminal to be asked.",
    );
    const wrong = await runCli(
      ["resources", "read", "modern://form", "--input", "age=old", ...modern()],
      opts(),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Name is required; Age must be a number.");
  });
});
