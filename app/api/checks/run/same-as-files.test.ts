/**
 * Issue 32, item 6, through the real route handlers: an `expectSameAs` capture that is a FIFO is
 * refused before it is opened — five of them used to take all of libuv's fs threads, and the next
 * `GET /api/checks` hung — and a file that is no capture is named, its content never quoted.
 */
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { CheckFileInput } from "@/lib/check/schema";
import type { RunChecksResponse } from "@/lib/check/results";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-same-as-files-"));
process.env.MCP_INSPECTOR_CHECKS_DIR = dir;

const runRoute = await import("@/app/api/checks/run/route");
const checksRoute = await import("@/app/api/checks/route");

const SECRET = "sk-live-7d41-never-quoted";
const fifos: string[] = [];

afterAll(async () => {
  // A reader still blocked in open() (the fault this tests) is let go: a writer comes and leaves.
  for (const fifo of fifos)
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // no reader waits on it
    }
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

const sameAs = (capture: string): CheckFileInput => ({
  version: 3,
  name: `same as ${capture}`,
  server: { preset: "demo", env: { [TEST_MARK_VAR]: testMark() } },
  timeoutMs: 20_000,
  steps: [
    { id: "01-connect", action: "connect", expect: {} },
    { id: "02-same", action: "expectSameAs", capture },
  ],
});

it("five checks against a FIFO each fail at once saying so; GET /api/checks still answers; a text file is not quoted", async () => {
  const files: string[] = [];
  for (let i = 0; i < 5; i++) {
    fifos.push(path.join(dir, `pipe-${i}.mcpcapture.json.gz`));
    execFileSync("mkfifo", [fifos[i]!]);
    files.push(`fifo-${i}.check.json`);
    writeFileSync(path.join(dir, files[i]!), JSON.stringify(sameAs(`pipe-${i}.mcpcapture.json.gz`)));
  }
  writeFileSync(path.join(dir, "notes.env"), `API_KEY=${SECRET}\n`);
  writeFileSync(path.join(dir, "text.check.json"), JSON.stringify(sameAs("notes.env")));

  const res = await call(runRoute.POST, {
    method: "POST",
    body: { files: [...files, "text.check.json"] },
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const { results } = JSON.parse(text) as RunChecksResponse;
  expect(results.map((r) => r.steps.map((s) => [s.status, s.error]))).toEqual([
    ...[0, 1, 2, 3, 4].map((i) => [
      ["passed", undefined],
      [
        "error",
        `${path.join(dir, `pipe-${i}.mcpcapture.json.gz`)}: not a regular file (a capture file must be one)`,
      ],
    ]),
    [
      ["passed", undefined],
      ["error", `${path.join(dir, "notes.env")}: not a capture file (not gzip or JSON)`],
    ],
  ]);
  expect(text).not.toContain("API_KEY");
  expect(text).not.toContain(SECRET);

  const started = Date.now();
  const listed = await call(checksRoute.GET);
  expect(listed.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2_000);
}, 30_000);
