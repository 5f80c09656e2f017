/**
 * Pasted config → confirmed → connected and saved → listed → reconnected by name → removed, through
 * the real route handlers against the real demo server bundle over stdio.
 */
import { chmodSync, lstatSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { ResourceListResponse, SessionSummary } from "@/lib/api/contract";
import type { SavedServerListResponse } from "@/lib/api/saved-servers";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { tempDirForFile } from "@/server/testing/temp-dir";

const dir = tempDirForFile("saved-routes-");
process.env.MCP_INSPECTOR_CONFIG_DIR = dir;
const file = path.join(dir, "servers.json");

const importConnect = await import("../import/connect/route");
const saved = await import("./route");
const savedConnect = await import("./connect/route");
const sessionsRoute = await import("../sessions/route");
const sessionRoute = await import("../sessions/[id]/route");
const resourcesRoute = await import("../sessions/[id]/resources/route");

const demo = path.resolve("dist/demo-server.mjs");
const SECRET = "typed-secret-9f3e";
const text = JSON.stringify({
  inputs: [
    { id: "count", type: "promptString", description: "How many items" },
    { id: "key", type: "promptString", description: "API key", password: true },
  ],
  servers: {
    "my-server": {
      command: process.execPath,
      args: [demo],
      env: {
        DEMO_RESOURCE_COUNT: "${input:count}",
        DEMO_API_KEY: "${input:key}",
        [TEST_MARK_VAR]: testMark(),
      },
    },
  },
});

const resourceCount = async (id: string) => {
  const res = await callJson<ResourceListResponse, { id: string }>(resourcesRoute.GET, {
    params: { id },
    path: "/x",
  });
  return res.body.resources.filter((r) => r.uri.startsWith("demo://items/")).length;
};

afterAll(async () => {
  const { body } = await callJson<{ sessions: SessionSummary[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  delete process.env.DEMO_API_KEY;
  await expectNoLeftoverProcesses();
});

it("a confirmed server of a pasted VS Code config connects with its inputs, is saved without the password, and reconnects by name", async () => {
  const missing = await callJson<{ error: { message: string } }>(importConnect.POST, {
    method: "POST",
    body: { text, server: "my-server", inputs: { count: "3" } },
  });
  expect(missing.status).toBe(400);
  expect(missing.body.error.message).toBe('input "key" was not filled in');

  const created = await callJson<SessionSummary>(importConnect.POST, {
    method: "POST",
    body: {
      text,
      server: "my-server",
      inputs: { count: "3", key: SECRET },
      keep: ["DEMO_RESOURCE_COUNT", TEST_MARK_VAR, "DEMO_API_KEY"],
      save: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({ name: "my-server", status: "connected" });
  expect(await resourceCount(created.body.id)).toBe(3);
  expect(JSON.stringify(created.body)).not.toContain(SECRET);

  // The file: 0600, the kept values stored, the password input's value never (though "kept").
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const raw = readFileSync(file, "utf8");
  expect(raw).not.toContain(SECRET);
  const stored = JSON.parse(raw) as { servers: { launch: { env: Record<string, string> } }[] };
  expect(stored.servers[0]!.launch.env).toEqual({
    DEMO_RESOURCE_COUNT: "3",
    DEMO_API_KEY: "${DEMO_API_KEY}",
    [TEST_MARK_VAR]: testMark(),
  });

  const list = await callJson<SavedServerListResponse>(saved.GET);
  expect(list.body.servers).toEqual([
    {
      name: "my-server",
      launch: {
        kind: "stdio",
        program: process.execPath,
        args: [demo],
        envNames: ["DEMO_API_KEY", "DEMO_RESOURCE_COUNT", TEST_MARK_VAR],
      },
      variables: ["DEMO_API_KEY"],
      stored: ["DEMO_RESOURCE_COUNT", TEST_MARK_VAR],
      savedAt: expect.any(String) as string,
    },
  ]);
  expect(JSON.stringify(list.body)).not.toContain(testMark());

  // Reconnect by name: ${DEMO_API_KEY} comes from the app's environment; missing, a 400 naming it.
  const noVar = await callJson<{ error: { message: string } }>(savedConnect.POST, {
    method: "POST",
    body: { name: "my-server" },
  });
  expect(noVar.status).toBe(400);
  expect(noVar.body.error.message).toMatch(/environment variable DEMO_API_KEY is not set/);
  process.env.DEMO_API_KEY = "from-env";
  const again = await callJson<SessionSummary>(savedConnect.POST, {
    method: "POST",
    body: { name: "my-server" },
  });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
  expect(again.body.name).toBe("my-server (2)");
  expect(await resourceCount(again.body.id)).toBe(3);

  expect((await callJson(savedConnect.POST, { method: "POST", body: { name: "nope" } })).status).toBe(404);
  expect((await call(saved.DELETE, { method: "DELETE", path: "/x?name=my-server" })).status).toBe(204);
  expect((await callJson<SavedServerListResponse>(saved.GET)).body.servers).toEqual([]);
  expect((await call(saved.DELETE, { method: "DELETE", path: "/x?name=my-server" })).status).toBe(404);
});

it("a pasted config's ${workspaceFolder} is the folder the user gave (checked, and the cwd when none is given), never the app's; unsaved unless the user chose to save", async () => {
  // The demo bundle found only through ${workspaceFolder} and ${/}: it starts only if they expand.
  const vscode = JSON.stringify({
    servers: {
      here: {
        command: process.execPath,
        args: ["${workspaceFolder}${/}dist${pathSeparator}demo-server.mjs"],
        env: { DEMO_RESOURCE_COUNT: "${env:VSCODE_VAR_COUNT}", [TEST_MARK_VAR]: testMark() },
      },
    },
  });
  const refused = async (workspaceFolder?: string) => {
    const res = await callJson<{ error: { message: string } }>(importConnect.POST, {
      method: "POST",
      body: { text: vscode, server: "here", ...(workspaceFolder !== undefined ? { workspaceFolder } : {}) },
    });
    expect(res.status).toBe(400);
    return res.body.error.message;
  };
  expect(await refused()).toBe(
    '"here" uses ${workspaceFolder}, the folder VS Code has open, and a pasted config has none: give the workspace folder to connect it.',
  );
  expect(await refused("dist")).toMatch(/^The workspace folder must be an absolute path/);
  expect(await refused(path.join(process.cwd(), "no-such-folder"))).toMatch(
    /no-such-folder does not exist\.$/,
  );
  expect(await refused(path.join(process.cwd(), "package.json"))).toMatch(/package\.json is not a folder\.$/);
  process.env.VSCODE_VAR_COUNT = "4";
  try {
    const created = await callJson<SessionSummary>(importConnect.POST, {
      method: "POST",
      body: { text: vscode, server: "here", workspaceFolder: `${process.cwd()}${path.sep}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.launch).toMatchObject({ args: [demo], cwd: process.cwd() });
    expect(await resourceCount(created.body.id)).toBe(4);
    expect((await callJson<SavedServerListResponse>(saved.GET)).body.servers).toEqual([]);
    await call(sessionRoute.DELETE, { method: "DELETE", params: { id: created.body.id } });
  } finally {
    delete process.env.VSCODE_VAR_COUNT;
  }
});

it("a pasted command confirmed with 'Save to my servers' is saved once it connects: values as references unless kept; without save, nothing", async () => {
  const body = {
    command: process.execPath,
    args: [demo],
    env: { DEMO_RESOURCE_COUNT: "2", DEMO_API_KEY: SECRET, [TEST_MARK_VAR]: testMark() },
  };
  const plain = await callJson<SessionSummary>(sessionsRoute.POST, { method: "POST", body });
  expect(plain.status).toBe(201);
  expect((await callJson<SavedServerListResponse>(saved.GET)).body.servers).toEqual([]);

  const withSave = await callJson<SessionSummary>(sessionsRoute.POST, {
    method: "POST",
    body: { ...body, name: "pasted", save: true },
  });
  expect(withSave.status, JSON.stringify(withSave.body)).toBe(201);
  const raw = readFileSync(file, "utf8");
  expect(raw).not.toContain(SECRET);
  const entry = (JSON.parse(raw) as { servers: { name: string; launch: { env: object } }[] }).servers[0]!;
  expect(entry.name).toBe("pasted");
  // Where it ran: a relative argument still resolves after a start from another folder.
  expect(entry.launch).toMatchObject({ cwd: process.cwd() });
  expect(entry.launch.env).toEqual({
    DEMO_RESOURCE_COUNT: "${DEMO_RESOURCE_COUNT}",
    DEMO_API_KEY: "${DEMO_API_KEY}",
    [TEST_MARK_VAR]: `\${${TEST_MARK_VAR}}`,
  });

  const kept = await callJson<SessionSummary>(sessionsRoute.POST, {
    method: "POST",
    body: { ...body, name: "pasted", save: true, keepValues: true },
  });
  expect(kept.status).toBe(201);
  const listed = (await callJson<SavedServerListResponse>(saved.GET)).body.servers;
  expect(listed.map((s) => s.name)).toEqual(["pasted"]);
  expect(listed[0]!.stored.sort()).toEqual(["DEMO_API_KEY", "DEMO_RESOURCE_COUNT", TEST_MARK_VAR].sort());
  expect(readFileSync(file, "utf8")).toContain(SECRET);
  // Reconnects by name with the kept values, no environment needed.
  const again = await callJson<SessionSummary>(savedConnect.POST, {
    method: "POST",
    body: { name: "pasted" },
  });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
  expect(await resourceCount(again.body.id)).toBe(2);
  expect((await call(saved.DELETE, { method: "DELETE", path: "/x?name=pasted" })).status).toBe(204);
});

it("behind the token; the inspector's own variables never expand; a password input in the command line is refused; a corrupt file is a 409 and stays as it was", async () => {
  expect((await call(saved.GET, { token: null })).status).toBe(401);
  expect((await call(savedConnect.POST, { method: "POST", body: { name: "x" }, token: null })).status).toBe(
    401,
  );
  expect(
    (await call(importConnect.POST, { method: "POST", body: { text, server: "x" }, token: null })).status,
  ).toBe(401);

  const leak = JSON.stringify({
    mcpServers: { leak: { command: "node", args: ["${MCP_INSPECTOR_TOKEN}"] } },
  });
  const refused = await callJson<{ error: { message: string } }>(importConnect.POST, {
    method: "POST",
    body: { text: leak, server: "leak" },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toMatch(/MCP_INSPECTOR_\* variables are the inspector's own settings/);

  const inArgs = JSON.stringify({
    inputs: [{ id: "pw", password: true }],
    servers: { s: { command: "node", args: ["--token=${input:pw}"] } },
  });
  const shown = await callJson<{ error: { message: string } }>(importConnect.POST, {
    method: "POST",
    body: { text: inArgs, server: "s", inputs: { pw: "p" } },
  });
  expect(shown.status).toBe(400);
  expect(shown.body.error.message).toMatch(
    /input "pw" is a password: use it in an environment variable or a header/,
  );

  writeFileSync(file, "{not json", { mode: 0o600 });
  const broken = await callJson<{ error: { message: string } }>(saved.GET);
  expect(broken.status).toBe(409);
  expect(broken.body.error.message).toMatch(/servers\.json is not valid JSON \(line 1, column 2/);
  const before = (await callJson<{ sessions: unknown[] }>(sessionsRoute.GET)).body.sessions.length;
  const blocked = await callJson(importConnect.POST, {
    method: "POST",
    body: { text, server: "my-server", inputs: { count: "1", key: "k" }, save: true },
  });
  expect(blocked.status).toBe(409);
  // Refused before anything started, and the file is untouched.
  expect((await callJson<{ sessions: unknown[] }>(sessionsRoute.GET)).body.sessions.length).toBe(before);
  expect(readFileSync(file, "utf8")).toBe("{not json");
});

it("a 0755 config folder is made 0700 by a save; a newer version's file and a link to /dev/zero are a 409 and stay as they were", async () => {
  rmSync(file, { force: true });
  chmodSync(dir, 0o755);
  const created = await callJson<SessionSummary>(importConnect.POST, {
    method: "POST",
    body: { text, server: "my-server", inputs: { count: "1", key: "k" }, save: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  await call(sessionRoute.DELETE, { method: "DELETE", params: { id: created.body.id } });

  const newer = JSON.stringify({ version: 2, servers: [], groups: [] });
  writeFileSync(file, newer, { mode: 0o600 });
  const refused = await callJson<{ error: { message: string } }>(saved.GET);
  expect([refused.status, refused.body.error.message]).toEqual([
    409,
    `${file} was written by a newer inspector (version 2; this one reads and writes version 1): update the inspector — the file is not overwritten`,
  ]);
  const blocked = await callJson(importConnect.POST, {
    method: "POST",
    body: { text, server: "my-server", inputs: { count: "1", key: "k" }, save: true },
  });
  expect(blocked.status).toBe(409);
  expect(readFileSync(file, "utf8")).toBe(newer);

  rmSync(file);
  symlinkSync("/dev/zero", file);
  const zero = await callJson<{ error: { message: string } }>(saved.GET);
  expect([zero.status, zero.body.error.message]).toEqual([
    409,
    `${file}: not a regular file (a saved-servers file must be one); it is not overwritten`,
  ]);
  expect(lstatSync(file).isSymbolicLink()).toBe(true);
});
