/**
 * `mcp-resource-inspector capture` as a server author runs it: a real process per call against
 * server-everything and the host fixture over stdio. `--all` reads every listed resource (or says
 * why not) into a file the app's decoder opens; `--output -` is the file's bytes on stdout; the
 * default is a safely named file in the current folder; an echoed environment secret is not in
 * the file; bad usage exits 2, a server that cannot start exits 1.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { decodeCapture } from "@/lib/capture/format";
import { nodeServer, runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { tempDirForFile } from "@/server/testing/temp-dir";

const root = process.cwd();
const everything = nodeServer("node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio");
const fixture = path.join(root, "e2e/fixtures/servers/host-fixture.mjs");
const dir = tempDirForFile("mcp-capture-cli-");
const opts = (cwd = dir) => ({ cwd, env: { [TEST_MARK_VAR]: testMark() } });

afterAll(async () => {
  await expectNoLeftoverProcesses(
    (p) => p.cmdline.includes("server-everything") || p.cmdline.includes("host-fixture"),
  );
});

/** The CLI with its stdout as bytes (a gzip file on stdout is not text). */
function runBytes(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [path.join(root, "server/cli/bin.mjs"), ...args],
      { cwd: dir, env: { ...process.env, [TEST_MARK_VAR]: testMark() }, encoding: "buffer", timeout: 60_000 },
      (err, stdout, stderr) =>
        done({
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr: stderr.toString(),
        }),
    );
  });
}

describe("mcp-resource-inspector capture", () => {
  it("--all on server-everything: every listed resource read or skipped with a reason, one summary line", async () => {
    const out = path.join(dir, "everything.mcpcapture.json.gz");
    const r = await runCli(["capture", "--all", "--output", out, ...everything], opts());
    expect(r.code, r.stderr).toBe(0);
    const file = await decodeCapture(new Uint8Array(readFileSync(out)));
    const listed = file.resources.pages.flatMap((p) => p.items.map((i) => i.uri as string));
    expect(listed.length).toBeGreaterThan(5);
    const read = new Set(file.reads.map((x) => x.uri));
    const skipped = new Map(file.budget.skipped.map((s) => [s.uri, s.reason]));
    for (const uri of listed) expect(read.has(uri) || Boolean(skipped.get(uri)), uri).toBe(true);
    expect(file.reads.filter((x) => x.result).length).toBe(listed.length - skipped.size);
    expect(file.budget).toMatchObject({ all: true, maxBytes: 50 * 1024 * 1024 });
    expect(file.server.name).toBeTruthy();
    expect(file.launch).toMatchObject({ kind: "stdio", program: process.execPath });
    const line = `Captured ${file.name}: ${listed.length} resources, ${file.reads.length} reads (`;
    expect(r.stdout.startsWith(line), r.stdout).toBe(true);
    expect(r.stdout.slice(line.length)).toMatch(
      /^\d+(\.\d)? (B|KiB|MiB)\) → .+everything\.mcpcapture\.json\.gz\n$/,
    );
    // Not a terminal: no progress on stderr.
    expect(r.stderr).toBe("");
  });

  it("--max-bytes: the budget skips what does not fit, and says so", async () => {
    const out = path.join(dir, "small.mcpcapture.json.gz");
    const r = await runCli(["capture", "--all", "--max-bytes", "0", "-o", out, ...everything], opts());
    expect(r.code, r.stderr).toBe(0);
    const file = await decodeCapture(new Uint8Array(readFileSync(out)));
    expect(file.reads).toEqual([]);
    expect(file.budget.skipped.length).toBeGreaterThan(5);
    expect(r.stdout).toMatch(/, 0 reads, \d+ skipped \(byte budget\) /);
  });

  it("--output - writes the gzip bytes to stdout and the summary to stderr; the default is a named file here", async () => {
    const r = await runBytes(["capture", "--output", "-", ...everything]);
    expect(r.code, r.stderr).toBe(0);
    expect([r.stdout[0], r.stdout[1]]).toEqual([0x1f, 0x8b]);
    const file = await decodeCapture(new Uint8Array(r.stdout));
    expect(file.budget.all).toBe(false);
    expect(r.stderr).toMatch(/^Captured .+ → stdout\n$/);

    const here = mkdtempSync(path.join(dir, "cwd-"));
    const d = await runCli(["capture", ...everything], opts(here));
    expect(d.code, d.stderr).toBe(0);
    const files = readdirSync(here);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[A-Za-z0-9._-]+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.mcpcapture\.json\.gz$/);
    expect(d.stdout).toContain(`→ ./${files[0]}\n`);

    const j = await runCli(["capture", "--format", "json", "-o", "plain.json", ...everything], opts(here));
    expect(j.code, j.stderr).toBe(0);
    const text = readFileSync(path.join(here, "plain.json"), "utf8");
    expect((await decodeCapture(new TextEncoder().encode(text))).name).toBe(file.name);
  });

  it("an environment secret the server echoes into a resource and its stderr is not in the file", async () => {
    const token = "cli-7a6b5c4d3e2f-secret";
    const out = path.join(dir, "secret.mcpcapture.json.gz");
    const r = await runCli(
      ["capture", "--all", "-o", out, "-e", `FIXTURE_TOKEN=${token}`, "--", "node", fixture, "echo-secret"],
      opts(),
    );
    expect(r.code, r.stderr).toBe(0);
    const raw = gunzipSync(readFileSync(out)).toString();
    expect(raw).not.toContain(token);
    const file = await decodeCapture(new Uint8Array(readFileSync(out)));
    expect(file.launch).toMatchObject({ kind: "stdio", env: { FIXTURE_TOKEN: "${FIXTURE_TOKEN}" } });
    const env = file.reads.find((x) => x.uri === "host://debug/env");
    expect(JSON.stringify(env?.result)).toContain("token in use: ${FIXTURE_TOKEN}");
  });

  it("bad usage exits 2 with the usage; --help exits 0; a server that cannot start exits 1", async () => {
    for (const args of [
      ["--max-bytes", "lots", "--all"],
      ["--max-bytes", "10"],
      ["--all", "--max-bytes", String(2 * 1024 ** 3)],
      ["--format", "xml"],
      ["--output"],
    ]) {
      const r = await runCli(["capture", ...args, ...everything], opts());
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^mcp-resource-inspector capture: .+\nusage: mcp-resource-inspector capture/);
    }
    const none = await runCli(["capture"], opts());
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no server given/);
    const help = await runCli(["capture", "--help"], opts());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: mcp-resource-inspector capture/);
    const missing = await runCli(["capture", "--", path.join(dir, "no-such-server")], opts());
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stderr).toMatch(/^mcp-resource-inspector capture: /);
    expect(readdirSync(dir).filter((f) => f.startsWith("no-such"))).toEqual([]);
  });
});
