/**
 * `resources` against the 2026-07-28 fixture as a script runs it (a real process, real stdio):
 * the JSON carries the cache hints of every page and read, and an input_required read is
 * answered with `--input name=value`, or refused with one sentence naming what it needs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-read-input-"));
const opts = () => ({ cwd: dir, env: { [TEST_MARK_VAR]: testMark() } });
const modern = () => ["--", process.execPath, path.resolve("e2e/fixtures/servers/modern-server.mjs")];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("modern-server"));
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
