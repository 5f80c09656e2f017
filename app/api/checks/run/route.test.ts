/**
 * POST /api/checks/run through the real route handler against real servers: files and env files
 * come only from the checks root (or the one env file given at start), `${VAR}` resolves only from
 * the env file, the allowed names of the inspector's environment and (drafts) the session's own,
 * never MCP_INSPECTOR_*; no resolved value and no file content ever comes back; each result names
 * the open sessions that run the same launch.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CheckFileInput } from "@/lib/check/schema";
import type { RunChecksResponse } from "@/lib/check/results";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { TEST_TOKEN, call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-run-route-"));
const outside = mkdtempSync(path.join(tmpdir(), "mcp-run-route-outside-"));
process.env.MCP_INSPECTOR_CHECKS_DIR = dir;

const runRoute = await import("@/app/api/checks/run/route");
const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");

const API_TXT = "demo://docs/reference/api.txt";
const SECRET = "tok-3f9a7c1e-never-in-a-response";
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

/** Write a file in the checks root; returns its name relative to the root, as requests give it. */
function write(name: string, content: string): string {
  writeFileSync(path.join(dir, name), content);
  return name;
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

const STARTUP_VARS = ["MCP_INSPECTOR_CHECK_ENV", "MCP_INSPECTOR_ENV_FILE", "INSPECTOR_ONLY"] as const;
beforeEach(() => {
  for (const name of STARTUP_VARS) delete process.env[name];
});

afterEach(async () => {
  for (const name of STARTUP_VARS) delete process.env[name];
  for (const id of opened.splice(0)) await call(sessionRoute.DELETE, { method: "DELETE", params: { id } });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

describe("POST /api/checks/run with saved files", () => {
  const checkFile = () => write("demo.check.json", JSON.stringify(demoCheck()));

  it("without an env file, a reference fails the check, naming the variable and where it may come from", async () => {
    const r = await run({ files: [checkFile()] });
    expect(r.status).toBe(200);
    expect(r.body.results[0]!.error).toMatch(
      /environment variable DEMO_VARIANT is not set .*; in the app it may come from the env file or from the inspector's own environment if MCP_INSPECTOR_CHECK_ENV lists the name/,
    );
  });

  it("resolves ${VAR} references from the env file; the failing read carries its uri; no value comes back", async () => {
    const envFile = write("checks.env", `DEMO_VARIANT=one\nAPI_TOKEN=${SECRET}\n`);
    const r = await run({ files: [checkFile()], envFile });
    expect(r.status, r.text).toBe(200);
    const [result] = r.body.results;
    expect(result!.error).toBeUndefined();
    expect(result!.file).toBe("demo.check.json");
    expect(result!.steps.map((s) => [s.id, s.status])).toEqual([
      ["01-connect", "passed"],
      ["02-read", "failed"],
    ]);
    expect(result!.steps[1]!.uri).toBe(API_TXT);
    expect(r.text).not.toContain(SECRET);
  });

  it("resolves check files and env files in subfolders of the checks root", async () => {
    mkdirSync(path.join(dir, "sub"), { recursive: true });
    write("sub/demo.check.json", JSON.stringify(demoCheck()));
    write("sub/relative.env", `DEMO_VARIANT=one\nAPI_TOKEN=${SECRET}\n`);
    const r = await run({ files: ["sub/demo.check.json"], envFile: "sub/relative.env" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results[0]!.file).toBe("sub/demo.check.json");
    expect(r.body.results[0]!.steps[0]!.status).toBe("passed");
  });

  it("a missing env file, or a folder, is a 400 that names the path relative to the checks root", async () => {
    const r = await run({ files: [checkFile()], envFile: "nope.env" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "bad_request", message: "env file nope.env: no such file" });
    mkdirSync(path.join(dir, "a-folder"), { recursive: true });
    const folder = await run({ files: [checkFile()], envFile: "a-folder" });
    expect(folder.status).toBe(400);
    expect(folder.body.error?.message).toBe("env file a-folder: a folder, not a file");
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

/** A check whose server is `command args…` (no MCP server: it exits), carrying the test mark. */
const commandCheck = (command: string, args: string[] = []): CheckFileInput => ({
  version: 1,
  name: "command",
  server: { command, args, env: { [TEST_MARK_VAR]: testMark() } },
  timeoutMs: 10_000,
  steps: [{ id: "01-connect", action: "connect", expect: {} }],
});

/** A server that prints its first argument to stderr and exits. */
const echoArg = (ref: string) =>
  commandCheck(process.execPath, ["-e", "console.error('got ' + process.argv[1]); process.exit(3)", ref]);

describe("POST /api/checks/run: files only from the checks root", () => {
  it("refuses a path outside the root, absolute, with .., NUL or a dot-name, with a 400 that quotes nothing", async () => {
    writeFileSync(path.join(outside, "x.check.json"), `{"name": "${SECRET}"`);
    for (const file of [
      "/etc/passwd",
      "/etc/passwd.check.json",
      path.join(outside, "x.check.json"),
      "../x.check.json",
      `../${path.basename(outside)}/x.check.json`,
      "a/../../x.check.json",
      "nul\0.check.json",
      ".hidden.check.json",
      "/proc/self/environ",
      "passwd",
    ]) {
      const r = await run({ files: [file] });
      expect(r.status, file).toBe(400);
      expect(r.body.error?.code).toBe("bad_request");
      expect(r.text).not.toContain(SECRET);
      expect(r.text).not.toContain("root:");
    }
  });

  it("refuses a symlink in the root that leads outside it", async () => {
    symlinkSync(path.join(outside, "x.check.json"), path.join(dir, "escape.check.json"));
    const r = await run({ files: ["escape.check.json"] });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe(
      "files[0]: escape.check.json is a symbolic link that leads outside the checks folder",
    );
    expect(r.text).not.toContain(SECRET);
  });

  it("a check file that is not JSON is named with the line and column of the error, never quoted", async () => {
    write("passwd.check.json", `root:x:0:0:${SECRET}:/root:/bin/bash\n`);
    write("broken.check.json", `{\n  "version": 1,\n  "name": "${SECRET}"\n  "steps": []\n}\n`);
    write("schema.check.json", JSON.stringify({ version: 1, name: SECRET, server: SECRET, steps: [] }));
    const r = await run({ files: ["passwd.check.json", "broken.check.json", "schema.check.json"] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results.map((x) => x.error)).toEqual([
      "passwd.check.json: not valid JSON at line 1, column 1: a value (object, array, string, number, true, false or null) was expected",
      'broken.check.json: not valid JSON at line 4, column 3: "," or "}" was expected',
      expect.stringMatching(/^schema\.check\.json: server: /),
    ]);
    expect(r.text).not.toContain(SECRET);
    expect(r.text).not.toContain("root:");
  });

  it("an env file outside the root is refused, unless it is exactly the one MCP_INSPECTOR_ENV_FILE names", async () => {
    const envOutside = path.join(outside, "ci.env");
    writeFileSync(envOutside, `API_TOKEN=${SECRET}\n`);
    writeFileSync(path.join(outside, "other.env"), `API_TOKEN=${SECRET}\n`);
    const leaky = write("leaky.check.json", JSON.stringify(leakyCheck()));
    for (const envFile of ["../../etc/os-release", "/etc/os-release", envOutside, "/proc/self/environ"]) {
      const r = await run({ files: [leaky], envFile });
      expect(r.status, envFile).toBe(400);
      expect(r.body.error?.message, envFile).toMatch(/MCP_INSPECTOR_ENV_FILE/);
      expect(r.text).not.toMatch(/ID=|SECRET|tok-/);
    }
    process.env.MCP_INSPECTOR_ENV_FILE = envOutside;
    const given = await run({ files: [leaky], envFile: envOutside });
    expect(given.status, given.text).toBe(200);
    expect(JSON.stringify(given.body)).toContain("bad token [redacted]");
    expect(given.text).not.toContain(SECRET);
    const sibling = await run({ files: [leaky], envFile: path.join(outside, "other.env") });
    expect(sibling.status).toBe(400);
  });

  it("an env file that is not KEY=value lines is a 400 naming the file and line, never a value", async () => {
    write("json.env", `# comment\nA=1\n{"API_TOKEN": "${SECRET}"}\n`);
    const r = await run({
      files: [write("demo.check.json", JSON.stringify(demoCheck()))],
      envFile: "json.env",
    });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe("env file json.env: line 3: not a KEY=value line");
    symlinkSync(path.join(outside, "ci.env"), path.join(dir, "link.env"));
    const link = await run({ files: ["demo.check.json"], envFile: "link.env" });
    expect(link.status).toBe(400);
    expect(link.text).not.toContain(SECRET);
  });
});

describe("POST /api/checks/run: what ${VAR} resolves to, and that its value never comes back", () => {
  it("an env-file value used as the command is redacted from 'Could not start …', whatever its name", async () => {
    write("name.env", `NAME=${SECRET}\n`);
    const r = await run({
      files: [write("cmd.check.json", JSON.stringify(commandCheck("${NAME}")))],
      envFile: "name.env",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results[0]!.steps[0]!.error).toMatch(/^Could not start "\[redacted\]": program not found/);
    expect(r.text).not.toContain(SECRET);
  });

  it("MCP_INSPECTOR_* never resolve, not even from an env file: the token stays in the inspector", async () => {
    write("inspector.env", `MCP_INSPECTOR_TOKEN=${SECRET}\n`);
    const r = await run({
      files: [
        write("token.check.json", JSON.stringify(commandCheck("${MCP_INSPECTOR_TOKEN}"))),
        write("token-arg.check.json", JSON.stringify(echoArg("${MCP_INSPECTOR_TOKEN}"))),
      ],
      envFile: "inspector.env",
    });
    expect(r.status, r.text).toBe(200);
    for (const result of r.body.results)
      expect(result.error).toBe(
        "${MCP_INSPECTOR_TOKEN} cannot be used in a check: MCP_INSPECTOR_* variables are the inspector's own settings",
      );
    expect(r.text).not.toContain(TEST_TOKEN);
    expect(r.text).not.toContain(SECRET);
  });

  it("the inspector's environment resolves only names MCP_INSPECTOR_CHECK_ENV lists, and those values are redacted too", async () => {
    const value = "inspector-own-secret-5d2e";
    process.env.INSPECTOR_ONLY = value;
    const file = write("env.check.json", JSON.stringify(echoArg("${INSPECTOR_ONLY}")));
    const refused = await run({ files: [file] });
    expect(refused.body.results[0]!.error).toMatch(
      /environment variable INSPECTOR_ONLY is not set .*MCP_INSPECTOR_CHECK_ENV lists the name/,
    );
    process.env.MCP_INSPECTOR_CHECK_ENV = " OTHER , INSPECTOR_ONLY,MCP_INSPECTOR_TOKEN";
    const allowed = await run({ files: [file] });
    expect(allowed.status, allowed.text).toBe(200);
    expect(JSON.stringify(allowed.body)).toContain("got [redacted]");
    expect(allowed.text).not.toContain(value);
    // Listing an MCP_INSPECTOR_* name does not make it resolvable.
    const token = await run({
      files: [write("t.check.json", JSON.stringify(echoArg("${MCP_INSPECTOR_TOKEN}")))],
    });
    expect(token.body.results[0]!.error).toMatch(/cannot be used in a check/);
    expect(token.text).not.toContain(TEST_TOKEN);
  });

  it("a draft run with sessionId resolves from that session's env and redacts every value of it, whatever its name", async () => {
    const plain = "plainly-named-value-9c41";
    const id = await openDemo({ API_TOKEN: SECRET, COLOUR: plain });
    const check = commandCheck(process.execPath, [
      "-e",
      "console.error('got ' + process.argv[1] + ' and ' + process.argv[2]); process.exit(3)",
      "${API_TOKEN}",
      "${COLOUR}",
    ]);
    const r = await run({ check, sessionId: id });
    expect(r.status, r.text).toBe(200);
    expect(JSON.stringify(r.body)).toContain("got [redacted] and [redacted]");
    expect(r.text).not.toContain(SECRET);
    expect(r.text).not.toContain(plain);
    const without = await run({ check });
    expect(without.body.results[0]!.error).toMatch(/API_TOKEN is not set .*recorded server's environment/);
  }, 30_000);
});

describe("POST /api/checks/run: verify now", () => {
  it("replays a draft `repeat` times against fresh servers and marks the step that differed as flaky, with its values", async () => {
    const state = path.join(outside, "flaky-state");
    const check: CheckFileInput = {
      version: 3,
      name: "flaky status",
      server: {
        command: process.execPath,
        args: [path.join(process.cwd(), "e2e/fixtures/servers/timer-server.mjs"), `--flaky=${state}`],
        env: { [TEST_MARK_VAR]: testMark() },
      },
      steps: [
        { id: "01-connect", action: "connect", expect: {} },
        {
          id: "02-read",
          action: "read",
          uri: "fixture://status",
          expect: { contents: [{ uri: "fixture://status", mimeType: "text/plain", text: "ok" }] },
        },
      ],
    };
    // Starts 1, 2, 3 read ok, degraded, ok.
    const r = await run({ check, repeat: 3 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.results).toHaveLength(1);
    const read = r.body.repeat?.steps.find((s) => s.id === "02-read");
    expect(read).toMatchObject({ passed: 2, runs: 3, verdict: "flaky" });
    expect(read?.outcomes.find((o) => o.status === "failed")).toMatchObject({
      runs: [2],
      detail: '/contents/0/text: expected "ok", got "degraded"',
    });
    expect(r.body.repeat?.steps[0]).toMatchObject({ id: "01-connect", verdict: "stable" });
    expect((await run({ check, repeat: 6 })).status).toBe(400);
  }, 60_000);
});
