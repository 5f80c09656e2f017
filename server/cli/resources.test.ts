/**
 * The one-shot CLI as a script runs it: a real process per call against real servers (the demo
 * bundle over stdio, server-everything over Streamable HTTP), its exit code and output.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const demo = path.resolve("dist/demo-server.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-oneshot-"));
const opts = () => ({ cwd: dir, env: { [TEST_MARK_VAR]: testMark() } });
const server = () => ["--", process.execPath, demo];
let everything: HttpServerHandle;

beforeAll(async () => {
  everything = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  await everything.stop();
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("demo-server"));
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
