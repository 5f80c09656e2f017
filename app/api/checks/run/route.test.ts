/**
 * POST /api/checks/run for saved files, through the real route handler against real servers:
 * an env file resolves `${VAR}` references (never echoing its values), a bad path is a 400 that
 * names it, and each result names the open sessions that run the same launch.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CheckFileInput } from "@/lib/check/schema";
import type { RunChecksResponse } from "@/lib/recorder/types";
import { TEST_MARK_VAR, leftoverProcesses, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";

const runRoute = await import("@/app/api/checks/run/route");
const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");

const API_TXT = "demo://docs/reference/api.txt";
const SECRET = "tok-3f9a7c1e-never-in-a-response";
const dir = mkdtempSync(path.join(tmpdir(), "mcp-run-route-"));
const opened: string[] = [];

/** The demo, reading api.txt and expecting text it does not have: the read step fails. */
const demoCheck = (): CheckFileInput => ({
  version: 1,
  name: "demo via env file",
  server: {
    preset: "demo",
    env: { [TEST_MARK_VAR]: testMark(), DEMO_VARIANT: "${DEMO_VARIANT}", API_TOKEN: "${API_TOKEN}" },
  },
  timeoutMs: 20_000,
  steps: [
    { id: "01-connect", action: "connect", expect: {} },
    { id: "02-read", action: "read", uri: API_TXT, expect: { contents: [{ uri: API_TXT, text: "not it" }] } },
  ],
});

/** A server that prints its token to stderr and exits: the run's error and stderr would carry it. */
const leakyCheck = (): CheckFileInput => ({
  version: 1,
  name: "leaky",
  server: {
    command: process.execPath,
    args: ["-e", "console.error('bad token ' + process.argv[1]); process.exit(3)", "${API_TOKEN}"],
    env: { [TEST_MARK_VAR]: testMark() },
  },
  timeoutMs: 10_000,
  steps: [{ id: "01-connect", action: "connect", expect: {} }],
});

function write(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

async function run(body: unknown) {
  const res = await call(runRoute.POST, { method: "POST", body });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: JSON.parse(text) as RunChecksResponse & { error?: { code: string; message: string } },
  };
}

async function openDemo(env: Record<string, string>): Promise<string> {
  const created = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: { preset: "demo", env: { [TEST_MARK_VAR]: testMark(), ...env } },
  });
  expect(created.status).toBe(201);
  opened.push(created.body.id);
  return created.body.id;
}

let savedVariant: string | undefined;
beforeEach(() => {
  // The environment wins over the env file: keep the test's own environment out of the way.
  savedVariant = process.env.DEMO_VARIANT;
  delete process.env.DEMO_VARIANT;
});

afterEach(async () => {
  if (savedVariant !== undefined) process.env.DEMO_VARIANT = savedVariant;
  for (const id of opened.splice(0)) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  expect(await leftoverProcesses()).toEqual([]);
});

describe("POST /api/checks/run with saved files", () => {
  const checkFile = () => write("demo.check.json", JSON.stringify(demoCheck()));

  it("without an env file, a reference the app's environment lacks fails the check and names the variable", async () => {
    const r = await run({ files: [checkFile()] });
    expect(r.status).toBe(200);
    expect(r.body.results[0]!.error).toMatch(/environment variable DEMO_VARIANT is not set/);
  });

  it("resolves ${VAR} references from the env file; the failing read carries its uri; no value comes back", async () => {
    const envFile = write("checks.env", `DEMO_VARIANT=one\nAPI_TOKEN=${SECRET}\n`);
    const r = await run({ files: [checkFile()], envFile });
    expect(r.status, r.text).toBe(200);
    const [result] = r.body.results;
    expect(result!.error).toBeUndefined();
    expect(result!.steps.map((s) => [s.id, s.status])).toEqual([
      ["01-connect", "passed"],
      ["02-read", "failed"],
    ]);
    expect(result!.steps[1]!.uri).toBe(API_TXT);
    expect(r.text).not.toContain(SECRET);
  });

  it("resolves a relative env file against the app's folder", async () => {
    const envFile = path.relative(
      process.cwd(),
      write("relative.env", `DEMO_VARIANT=one\nAPI_TOKEN=${SECRET}\n`),
    );
    const r = await run({ files: [checkFile()], envFile });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results[0]!.steps[0]!.status).toBe("passed");
  });

  it("a missing env file, or a folder, is a 400 that names the path", async () => {
    const missing = path.join(dir, "nope.env");
    const r = await run({ files: [checkFile()], envFile: missing });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "bad_request", message: `env file ${missing}: no such file` });
    mkdirSync(path.join(dir, "a-folder"), { recursive: true });
    const folder = await run({ files: [checkFile()], envFile: path.join(dir, "a-folder") });
    expect(folder.status).toBe(400);
    expect(folder.body.error?.message).toBe(`env file ${path.join(dir, "a-folder")}: not a regular file`);
  });

  it("rejects a blank or non-string env file and unknown fields", async () => {
    for (const body of [
      { files: ["x.check.json"], envFile: "  " },
      { files: ["x.check.json"], envFile: 3 },
      { files: ["x.check.json"], env: { A: "b" } },
    ]) {
      const r = await run(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("keeps secret values from the env file out of errors and stderr the server echoes", async () => {
    const envFile = write("leaky.env", `API_TOKEN=${SECRET}\n`);
    const r = await run({ files: [write("leaky.check.json", JSON.stringify(leakyCheck()))], envFile });
    expect(r.status, r.text).toBe(200);
    const [result] = r.body.results;
    expect(result!.status).toBe("failed");
    expect(JSON.stringify(result)).toContain("bad token [redacted]");
    expect(r.text).not.toContain(SECRET);
  });

  it("names the open sessions that run the same launch (program, args and env), for opening a failing step", async () => {
    const same = await openDemo({ DEMO_VARIANT: "one", API_TOKEN: SECRET });
    const otherEnv = await openDemo({ DEMO_VARIANT: "two", API_TOKEN: SECRET });
    const envFile = write("checks.env", `DEMO_VARIANT=one\nAPI_TOKEN=${SECRET}\n`);
    const r = await run({ files: [checkFile()], envFile });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results[0]!.sessionIds).toEqual([same]);
    expect(r.body.results[0]!.sessionIds).not.toContain(otherEnv);

    await call(sessionRoute.DELETE, { method: "DELETE", params: { id: same } });
    const after = await run({ files: [checkFile()], envFile });
    expect(after.body.results[0]!.sessionIds).toEqual([]);
  }, 60_000);
});
