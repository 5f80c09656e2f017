/**
 * The servers named on the command line that did not start, through the real route handlers: the
 * launcher's POST keeps a failure (names, never values), Retry connects the same launch again and
 * the failure becomes a session, a skipped one is shown but never run.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import type { SessionSummary } from "@/lib/api/contract";
import type { StartupFailure, StartupFailureListResponse } from "@/lib/api/startup";
import { getRegistry } from "@/server/mcp/registry";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const startup = await import("./route");
const retry = await import("./[id]/retry/route");
const dismiss = await import("./[id]/route");
const sessionRoute = await import("../sessions/[id]/route");

const dir = mkdtempSync(path.join(tmpdir(), "startup-route-"));
const SECRET = "startup-secret-51c2";

afterAll(async () => {
  for (const s of getRegistry().list())
    await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses();
});

const failures = async () => (await callJson<StartupFailureListResponse>(startup.GET)).body.failures;

it("a command-line server that does not start is kept with why and its launch (names only); Retry makes it the session", async () => {
  const script = path.join(dir, "later.mjs");
  const server = {
    name: "later",
    command: process.execPath,
    args: [script],
    env: { API_KEY: SECRET, [TEST_MARK_VAR]: testMark() },
  };
  const failed = await callJson<{ error: { message: string; stderrTail?: string[] } }>(startup.POST, {
    method: "POST",
    body: { server },
  });
  expect(failed.status).toBe(502);
  const [kept] = await failures();
  expect(kept).toMatchObject({
    name: "later",
    launch: {
      kind: "stdio",
      program: process.execPath,
      args: [script],
      envNames: ["API_KEY", TEST_MARK_VAR],
    },
    reason: failed.body.error.message,
    canRetry: true,
  } satisfies Partial<StartupFailure>);
  expect(kept!.stderrTail?.join("\n")).toMatch(/Cannot find module/);
  expect(JSON.stringify(await failures())).not.toContain(SECRET);

  // Still missing: Retry fails the same way and the card stays, with the new attempt's time.
  expect((await call(retry.POST, { method: "POST", params: { id: kept!.id }, body: {} })).status).toBe(502);
  expect((await failures()).map((f) => f.id)).toEqual([kept!.id]);

  // The demo bundle loads shared chunks beside it (one split build): a file that imports it.
  writeFileSync(
    script,
    `import ${JSON.stringify(pathToFileURL(path.resolve("dist/demo-server.mjs")).href)};\n`,
  );
  const again = await callJson<SessionSummary, { id: string }>(retry.POST, {
    method: "POST",
    params: { id: kept!.id },
    body: {},
  });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
  expect(again.body).toMatchObject({ name: "later", status: "connected" });
  expect(await failures()).toEqual([]);
  expect((await call(retry.POST, { method: "POST", params: { id: kept!.id }, body: {} })).status).toBe(404);
});

it("a skipped server is shown, never run, and can be dismissed; the routes are behind the token", async () => {
  const before = getRegistry().list().length;
  const skipped = await callJson<StartupFailure>(startup.POST, {
    method: "POST",
    body: {
      server: {
        name: "remote",
        url: "${BASE_URL}/mcp",
        transport: "auto",
        headers: { Authorization: SECRET },
      },
      skipped: 'server "remote" in .mcp.json: environment variable BASE_URL is not set',
    },
  });
  expect(skipped.status).toBe(201);
  expect(skipped.body).toMatchObject({
    name: "remote",
    launch: { kind: "http", url: "${BASE_URL}/mcp", headerNames: ["Authorization"] },
    reason: 'server "remote" in .mcp.json: environment variable BASE_URL is not set',
    canRetry: false,
  });
  expect(getRegistry().list()).toHaveLength(before);
  expect(JSON.stringify(await failures())).not.toContain(SECRET);
  const id = skipped.body.id;
  expect((await call(retry.POST, { method: "POST", params: { id }, body: {} })).status).toBe(409);

  // A body that does not validate is kept too (the launcher built it from the user's config).
  const invalid = await callJson<{ error: { message: string } }>(startup.POST, {
    method: "POST",
    body: { server: { name: "bad", url: "ftp://files.example/mcp" } },
  });
  expect(invalid.status).toBe(400);
  expect((await failures()).find((f) => f.name === "bad")).toMatchObject({ canRetry: false });
  expect((await call(startup.POST, { method: "POST", body: { server: { nothing: 1 } } })).status).toBe(400);

  expect((await call(startup.GET, { token: null })).status).toBe(401);
  expect((await call(startup.POST, { method: "POST", body: { server: {} }, token: null })).status).toBe(401);
  expect((await call(dismiss.DELETE, { method: "DELETE", params: { id }, token: null })).status).toBe(401);
  for (const f of await failures())
    expect((await call(dismiss.DELETE, { method: "DELETE", params: { id: f.id } })).status).toBe(204);
  expect(await failures()).toEqual([]);
  expect((await call(dismiss.DELETE, { method: "DELETE", params: { id } })).status).toBe(404);
});

it("a URL's password and secret-looking query values never come back from GET /api/startup", async () => {
  const password = "pw-startup-77e1";
  const key = "key-startup-3c9d";
  // Answers 404 to everything: the failure's reason names the URL it tried.
  const server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    // Refused (user:password@), and one that fails to connect with the key in its URL.
    for (const url of [
      `http://user:${password}@127.0.0.1:${port}/mcp`,
      `http://127.0.0.1:${port}/mcp?api_key=${key}&page=2`,
    ])
      await call(startup.POST, {
        method: "POST",
        body: { server: { name: "remote", url, transport: "streamable-http" } },
      });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  const shown = await failures();
  expect(shown.map((f) => f.launch)).toEqual([
    expect.objectContaining({ url: `http://user:\${URL_PASSWORD}@127.0.0.1:${port}/mcp` }),
    expect.objectContaining({ url: `http://127.0.0.1:${port}/mcp?api_key=\${API_KEY}&page=2` }),
  ]);
  expect(shown[1]!.reason).toContain(`127.0.0.1:${port}/mcp?api_key=[redacted]&page=2`);
  const text = JSON.stringify(shown);
  expect(text).not.toContain(password);
  expect(text).not.toContain(key);
  for (const f of shown) await call(dismiss.DELETE, { method: "DELETE", params: { id: f.id } });
});
