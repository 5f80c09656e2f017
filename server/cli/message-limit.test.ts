/**
 * Issue 33 item 4: a message over the 64 MB limit (here set to 1 MB) through the CLI as a server
 * author meets it. The read it answered fails naming the limit, and nothing after it is lost:
 * `lint` reads every other resource and reports no false `stdout-not-jsonrpc` (the dropped
 * message's tail), and `capture --all` counts the failed read as failed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeCapture } from "@/lib/capture/format";
import { nodeServer, runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { tempDirForFile } from "@/server/testing/temp-dir";

const server = nodeServer(
  "e2e/fixtures/servers/hostile-replies.mjs",
  "--resources=valid:3",
  "--big-read=2000000",
);
const dir = tempDirForFile("mcp-message-limit-");
const opts = { cwd: dir, env: { [TEST_MARK_VAR]: testMark(), MCP_INSPECTOR_MAX_MESSAGE_BYTES: "1048576" } };
const LIMIT = /larger than the 1 MB limit \(MCP_INSPECTOR_MAX_MESSAGE_BYTES\); it was dropped/;

afterAll(async () => {
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("hostile-replies"));
});

describe("a reply over the message limit", () => {
  it("lint: the one read fails naming the limit, every other resource is read, no stray-line problem", async () => {
    const r = await runCli(["lint", "--format", "json", ...server], opts);
    const report = JSON.parse(r.stdout) as { problems: { code: string; message: string; uri?: string }[] };
    const codes = report.problems.map((p) => p.code);
    expect(codes).not.toContain("stdout-not-jsonrpc");
    const said = JSON.stringify(report.problems);
    expect(said).toMatch(LIMIT);
    expect(r.stderr).not.toMatch(/closed|disconnected/i);
  });

  it("capture --all: three reads, one of them failed with the limit named", async () => {
    const out = path.join(dir, "limit.mcpcapture.json.gz");
    const r = await runCli(["capture", "--all", "--output", out, ...server], opts);
    expect(r.code, r.stderr).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/3 resources, 3 reads, 1 of them failed/);
    const file = await decodeCapture(new Uint8Array(readFileSync(out)));
    const failed = file.reads.filter((x) => "error" in x);
    expect(failed.map((x) => x.uri)).toEqual(["hostile://d1/r1"]);
    expect(JSON.stringify(failed[0])).toMatch(LIMIT);
    expect(file.reads.filter((x) => "result" in x)).toHaveLength(2);
  });
});
