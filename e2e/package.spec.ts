/**
 * The package as a user gets it: `npm pack` (prepack reuses the build the webServer just made and
 * stages dist/app), `npm install <tgz>` into an empty folder, and every entry point run from there
 * — no clone, no TypeScript, no build — with the package's folder read-only and compared file by
 * file before and after, since CI runs as root and root writes through a read-only mode.
 * No browser page: the app's own pages are the other specs'.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { startFixtureHttp, type HttpServerHandle } from "../server/testing/http-servers";
import { leftoverProcesses, TEST_MARK_VAR } from "../server/testing/processes";
import { COMMANDS } from "../server/cli/commands.mjs";
import { packAndInstall } from "./support/pack";
import { expect, test } from "./fixtures";

const exec = promisify(execFile);
const repo = process.cwd();
const mark = randomUUID();
const TOKEN = "package-spec-token";
let tmp = "";
let project = "";
let pkgDir = "";
let bin = "";
let before = "";
/** The WebSocket fixture, run from this repo: the installed package must carry `ws` itself. */
let wsServer: HttpServerHandle | undefined;
const wsUrl = () => `${wsServer!.url.replace(/^http:/, "ws:")}/mcp`;

// Like a shell user: no npm-script variables (INIT_CWD would name this repo), our mark on every
// process so the end can prove none survives.
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, [TEST_MARK_VAR]: mark, MCP_INSPECTOR_TOKEN: TOKEN };
  for (const k of Object.keys(env)) if (k === "INIT_CWD" || k.startsWith("npm_")) delete env[k];
  return env;
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(bin, args, { cwd: project, env: userEnv(), timeout: 60_000, maxBuffer: 16 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `run` that must exit 0 (else fails showing its stderr); its stdout. */
async function runOk(args: string[]): Promise<string> {
  const r = await run(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Every path under `dir` with its size and mtime: what "nothing was written" is checked against. */
function listing(dir: string): string {
  const lines: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const st = statSync(p);
      lines.push(`${path.relative(dir, p)} ${e.isDirectory() ? "d" : st.size} ${st.mtimeMs}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return lines.sort().join("\n");
}

/** The installed command serving the app; resolves with its origin once it prints the ready line. */
async function serve(args: string[]): Promise<{ app: ChildProcess; origin: string }> {
  const app = spawn(bin, ["--port", "0", "--no-open", ...args], {
    cwd: project,
    env: userEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  app.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 30 s: ${err}`)), 30_000);
    app.stdout?.on("data", (d: Buffer) => {
      const m = /ready: (http:\/\/127\.0\.0\.1:\d+)\/\?token=/.exec(d.toString());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    app.once("exit", (code) => reject(new Error(`exited early (${code}): ${err}`)));
  }).catch((e: unknown) => {
    app.kill("SIGKILL");
    throw e;
  });
  return { app, origin };
}

async function stop(app: ChildProcess): Promise<number | null> {
  if (app.exitCode !== null) return app.exitCode;
  const exited = new Promise<number | null>((r) => app.once("exit", (code) => r(code)));
  app.kill("SIGTERM");
  return exited;
}

type Sessions = { sessions: { name: string; status: string; launch: { kind: string; args?: string[] } }[] };
async function sessions(origin: string): Promise<Sessions["sessions"]> {
  const res = await fetch(`${origin}/api/sessions`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  return ((await res.json()) as Sessions).sessions;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  tmp = mkdtempSync(path.join(tmpdir(), "mcp-package-"));
  let tgz: string;
  ({ tgz, project, pkgDir, bin } = await packAndInstall(tmp));
  // What the tarball holds is what installs: every staged file (npm pack drops files that an
  // ignore file inside a folder names), and no sources, tests or CI scripts.
  const inTar = new Set(
    (await exec("tar", ["tzf", tgz], { maxBuffer: 64 << 20 })).stdout.split("\n").filter(Boolean),
  );
  const staged = listing(path.join(repo, "dist", "app"))
    .split("\n")
    .map((l) => l.split(" "))
    .filter(([, kind]) => kind !== "d")
    .map(([p]) => `package/dist/app/${p}`);
  expect(staged.filter((p) => !inTar.has(p))).toEqual([]);
  for (const p of [
    "package/dist/app/.next/BUILD_ID",
    "package/dist/cli/start.mjs",
    "package/dist/check-api.mjs",
  ])
    expect(inTar.has(p), p).toBe(true);
  expect([...inTar].filter((p) => /\.tsx?$|^package\/(e2e|\.ci|app|components|lib)\//.test(p))).toEqual([]);

  wsServer = await startFixtureHttp("e2e/fixtures/servers/ws-server.mjs");
  before = listing(pkgDir);
  // Read-only, as a system-wide install is (root writes through this; the listing catches that).
  await exec("chmod", ["-R", "a-w", pkgDir]);
});

test.afterAll(async () => {
  await wsServer?.stop();
  if (pkgDir) {
    const after = listing(pkgDir);
    await exec("chmod", ["-R", "u+w", pkgDir]);
    // Nothing was written inside the installed package (caches, builds, checks).
    expect(after).toBe(before);
  }
  // Everything the spec started is gone.
  expect(await leftoverProcesses(mark)).toEqual([]);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test("installed package: --version, check, the package export and the one-shot CLI", async () => {
  const version = (JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { version: string })
    .version;
  expect(await run(["--version"])).toMatchObject({ code: 0, stdout: `${version}\n` });

  // The command line explains itself from its bundles: every subcommand in --help, each one's own
  // --help, and a mistyped command refused in one line instead of run as a program.
  const help = await run(["--help"]);
  expect(help.code).toBe(0);
  // The names from the one command table (server/cli/commands.mjs), as bin.mjs dispatches them.
  const commands = COMMANDS.map((c) => c.name).filter((name) => name !== "start");
  for (const name of commands) expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
  for (const name of commands) expect((await run([name, "--help"])).code, name).toBe(0);
  const typo = await run(["resource", "list"]);
  expect(typo).toMatchObject({ code: 2, stdout: "" });
  expect(typo.stderr).toMatch(
    /^mcp-resource-inspector: unknown command "resource": did you mean resources\?[^\n]*\n$/,
  );

  // The README's installed size is this install's, measured as it says (`du -sh node_modules`).
  const readme = readFileSync(path.join(repo, "README.md"), "utf8");
  const stated = Number(/~(\d+) MB installed/.exec(readme)?.[1]);
  const measured =
    Number((await exec("du", ["-sk", path.join(project, "node_modules")])).stdout.split("\t")[0]) / 1024;
  expect(
    Math.abs(measured - stated) / measured,
    `README: ~${stated} MB; measured ${measured.toFixed(1)} MB`,
  ).toBeLessThan(0.15);
  // The budget (issue 34): one copy of the SDKs and zod, shared by every bundle (49.2 MB measured;
  // seven self-contained one-shot bundles had made it 65.8 MB).
  expect(measured, `installed ${measured.toFixed(1)} MB`).toBeLessThanOrEqual(50);

  // A recorded check against server-everything, from a folder of the user's.
  const fixture = JSON.parse(
    readFileSync(path.join(repo, "e2e/fixtures/checks/everything-stdio.v1.check.json"), "utf8"),
  ) as { server: { cwd: string } };
  fixture.server.cwd = repo;
  mkdirSync(path.join(project, "checks"));
  const checkFile = path.join(project, "checks", "everything.check.json");
  writeFileSync(checkFile, JSON.stringify(fixture));
  const check = await run(["check", "checks/everything.check.json"]);
  expect(check.code, check.stderr + check.stdout).toBe(0);
  expect(check.stdout).toContain("passed");

  // `import { runCheckFile } from "mcp-resource-inspector/check"`, as an exported spec does.
  writeFileSync(
    path.join(project, "run.mjs"),
    `import { runCheckFile } from "mcp-resource-inspector/check";
const { passed } = await runCheckFile(process.argv[2]);
console.log(JSON.stringify({ passed }));`,
  );
  const exported = await exec(process.execPath, ["run.mjs", checkFile], { cwd: project, env: userEnv() });
  expect(JSON.parse(exported.stdout)).toEqual({ passed: true });

  const demo = ["--", process.execPath, path.join(pkgDir, "dist", "demo-server.mjs")];
  const guide = "demo://docs/guides/getting-started.md";
  const list = await runOk(["resources", "list", ...demo]);
  expect((JSON.parse(list) as { resources: { uri: string }[] }).resources.map((r) => r.uri)).toContain(guide);
  expect(await runOk(["resources", "read", guide, "--format", "text", ...demo])).toContain("#");
  // The host lens from its own bundle: exactly what Gemini CLI's model gets from the read.
  const notes = "demo://docs/guides/release%20notes.txt";
  expect(await runOk(["hosts", notes, "--host", "gemini-cli", ...demo])).toBe(
    "0.1.0: first demo release.\n\n",
  );
  // A capture from its own bundle: a gzip file naming the demo's resources, and its one line.
  const captured = await runOk(["capture", "--output", "demo.mcpcapture.json.gz", ...demo]);
  expect(captured).toMatch(/^Captured .+: \d+ resources, 0 reads \(.+\) → \.\/demo\.mcpcapture\.json\.gz\n$/);
  expect(gunzipSync(readFileSync(path.join(project, "demo.mcpcapture.json.gz"))).toString()).toContain(guide);

  // Two runs of one server from the diff bundle: everything listed read on both sides, equal but
  // for the live clock, which changes on its own.
  const same = await run([
    "diff",
    "--ignore",
    "/reads/demo:~1~1live~1clock",
    "--command",
    `"${process.execPath}" "${demo[2]}"`,
    ...demo,
  ]);
  expect([same.code, same.stdout.trimEnd().split("\n").pop()], same.stderr).toEqual([0, "equal"]);

  // A WebSocket server from the one-shot bundle: `ws` is carried (its optional native helpers not).
  const overWs = await runOk(["resources", "read", "fixture://hello", "--format", "text", wsUrl()]);
  expect(overWs).toBe("hello over WebSocket");
});

test("installed package: serves the app with a command-line server, and --config with --server", async () => {
  const demo = path.join(pkgDir, "dist", "demo-server.mjs");
  const first = await serve(["--", process.execPath, demo]);
  try {
    const health = await fetch(`${first.origin}/api/health`);
    expect(health.status).toBe(200);
    // The gate still stands in front of the prebuilt app: no token, no API.
    expect((await fetch(`${first.origin}/api/sessions`)).status).toBe(401);
    await expect
      .poll(async () => (await sessions(first.origin)).map((s) => [s.status, s.launch.args]), {
        timeout: 20_000,
      })
      .toEqual([["connected", [demo]]]);
    const page = await fetch(`${first.origin}/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBeTruthy();
    // The static assets were staged beside the traced server.
    const asset = /\/_next\/static\/[^"]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${first.origin}${asset}`)).status).toBe(200);
  } finally {
    expect(await stop(first.app)).toBe(0);
  }

  writeFileSync(
    path.join(project, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        alpha: { command: "node", args: [demo] },
        beta: { command: "node", args: [demo], env: { DEMO_GREETING: "beta" } },
      },
    }),
  );
  const second = await serve(["--config", ".mcp.json", "--server", "beta"]);
  try {
    await expect
      .poll(async () => (await sessions(second.origin)).map((s) => [s.name, s.status]), { timeout: 20_000 })
      .toEqual([["beta", "connected"]]);
  } finally {
    expect(await stop(second.app)).toBe(0);
  }

  // A ws:// URL on the command line, connected by the traced app (its node_modules carry `ws`).
  const third = await serve([wsUrl()]);
  try {
    await expect
      .poll(async () => (await sessions(third.origin)).map((s) => [s.launch.kind, s.status]), {
        timeout: 20_000,
      })
      .toEqual([["http", "connected"]]);
  } finally {
    expect(await stop(third.app)).toBe(0);
  }
});
