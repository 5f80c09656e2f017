/**
 * The HTTP contract of issue #2, exercised through the real route handlers against real MCP
 * servers over real stdio (no mocked SDK). Each server carries the test mark in its environment
 * so afterAll can prove no process outlived the file.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_MARK_VAR, markedProcesses, testMark } from "@/server/testing/processes";
import type { InspectorEvent } from "@/lib/api/events";
import { getRegistry } from "@/server/mcp/registry";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "5000";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const resourcesRoute = await import("./sessions/[id]/resources/route");
const templatesRoute = await import("./sessions/[id]/templates/route");
const readRoute = await import("./sessions/[id]/read/route");
const contentRoute = await import("./sessions/[id]/content/route");
const stderrRoute = await import("./sessions/[id]/stderr/route");
const healthRoute = await import("./health/route");
const completeRoute = await import("./sessions/[id]/complete/route");
const trafficRoute = await import("./sessions/[id]/traffic/route");

const root = process.cwd();
const env = () => ({ [TEST_MARK_VAR]: testMark() });
const pkg = (p: string) => path.join(root, "node_modules", p);
const fixture = (mode: string) => ({
  command: process.execPath,
  args: ["--import", "tsx", path.join(root, "e2e/fixtures/servers/misbehaving-server.ts"), mode],
  env: env(),
});

interface Summary {
  id: string;
  /** The first listing, when the server gave it within the connect's budget. */
  lists?: {
    resources: { resources: { uri: string }[]; pages: number; warnings?: string[] };
    templates?: { resourceTemplates: { uriTemplate: string }[] };
  };
  pid: number | null;
  name: string;
  status: string;
  protocolVersion: string | null;
  serverInfo: { name: string } | null;
  capabilities: { resources?: { subscribe?: boolean; listChanged?: boolean } } | null;
  error?: { message: string; exitCode?: number | null; stderrTail?: string[] };
}
interface ErrorBody {
  error: { code: string; message: string; mcpCode?: number; stderrTail?: string[] };
}

async function connect(body: object): Promise<Summary> {
  const res = await callJson<Summary>(sessionsRoute.POST, { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const idParams = (id: string) => ({ params: { id } });
type IdRoute = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = <T>(handler: IdRoute, id: string, query = "") =>
  callJson<T, { id: string }>(handler, { ...idParams(id), path: `/x${query}` });
const del = (id: string) => call(sessionRoute.DELETE, { method: "DELETE", ...idParams(id) });

afterAll(async () => {
  const { body } = await callJson<{ sessions: Summary[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await del(s.id);
  await expectNoLeftoverProcesses();
});

describe("demo server over stdio", () => {
  it("connects and reports serverInfo, capabilities and the negotiated protocol version", async () => {
    const s = await connect({ preset: "demo", env: env() });
    expect(s.status).toBe("connected");
    expect(s.serverInfo?.name).toBeTruthy();
    expect(s.capabilities?.resources).toMatchObject({ subscribe: true, listChanged: true });
    expect(s.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = await get<{ resources: { uri: string }[]; pages: number }>(resourcesRoute.GET, s.id);
    expect(list.status).toBe(200);
    expect(list.body.pages).toBeGreaterThan(1);
    expect(new Set(list.body.resources.map((r) => r.uri)).size).toBeGreaterThanOrEqual(150);
    const templates = await get<{ resourceTemplates: unknown[] }>(templatesRoute.GET, s.id);
    expect(templates.body.resourceTemplates.length).toBeGreaterThan(0);
    expect((await del(s.id)).status).toBe(204);
  });

  it("serves a blob content item as raw bytes with nosniff, a sandbox CSP and a download name", async () => {
    const s = await connect({ preset: "demo", env: env() });
    const list = await get<{ resources: { uri: string; mimeType?: string }[] }>(resourcesRoute.GET, s.id);
    const png = list.body.resources.find((r) => r.mimeType === "image/png");
    expect(png).toBeDefined();
    const res = await call(contentRoute.GET, {
      ...idParams(s.id),
      path: `/x?uri=${encodeURIComponent(png!.uri)}&index=0&download=1`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.png"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const missing = await call(contentRoute.GET, {
      ...idParams(s.id),
      path: `/x?uri=${encodeURIComponent(png!.uri)}&index=5`,
    });
    expect(missing.status).toBe(404);
    await del(s.id);
  });
});

describe("a 2026-07-28 read that asks for input", () => {
  it("POST …/read answers it with inputResponses and the echoed requestState; a bad body is a 400 that sends nothing", async () => {
    const modern = path.join(root, "e2e/fixtures/servers/modern-server.mjs");
    const s = await connect({ command: process.execPath, args: [modern], env: env() });
    const asked = await get<{ resultType?: string; requestState?: string }>(
      readRoute.GET,
      s.id,
      "?uri=modern%3A%2F%2Fform",
    );
    expect(asked.body).toMatchObject({ resultType: "input_required", requestState: "form-round-1" });
    const answer = (body: object) =>
      callJson<{ contents: { text?: string }[] } & ErrorBody, { id: string }>(readRoute.POST, {
        method: "POST",
        ...idParams(s.id),
        body,
      });
    const inputResponses = { profile: { action: "accept", content: { name: "Ada" } } };
    const read = await answer({
      uri: "modern://form",
      inputResponses,
      requestState: asked.body.requestState,
    });
    expect(read.status).toBe(200);
    expect(read.body.contents[0]?.text).toBe("hello Ada");
    const tooLong = await answer({ uri: "modern://form", inputResponses, requestState: "s".repeat(65_537) });
    expect(tooLong.status).toBe(400);
    const stray = await answer({ uri: "modern://form", inputResponses, extra: true });
    expect(stray.status).toBe(400);
    await del(s.id);
  });
});

describe("protocol violations", () => {
  it("a blob that is not base64 is a 502 that says the answer breaks the MCP schema", async () => {
    const s = await connect({ preset: "demo", env: env() });
    const res = await get<ErrorBody>(
      readRoute.GET,
      s.id,
      `?uri=${encodeURIComponent("demo://samples/odd/invalid-base64.bin")}`,
    );
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/MCP schema/);
    await del(s.id);
  });
});

describe("template argument completion", () => {
  it("completes an argument, using the other filled arguments as context", async () => {
    const s = await connect({ preset: "demo", env: env() });
    const complete = (body: object) =>
      callJson<{ values: string[] }, { id: string }>(completeRoute.POST, {
        method: "POST",
        ...idParams(s.id),
        body,
      });
    const users = await complete({
      uriTemplate: "demo://users/{userId}/profile",
      argument: { name: "userId", value: "a" },
    });
    expect(users.status).toBe(200);
    expect(users.body.values).toContain("alice");
    const repos = await complete({
      uriTemplate: "demo://repos/{owner}/{repo}/readme",
      argument: { name: "repo", value: "" },
      context: { owner: "acme" },
    });
    const all = await complete({
      uriTemplate: "demo://repos/{owner}/{repo}/readme",
      argument: { name: "repo", value: "" },
    });
    expect(repos.body.values.length).toBeGreaterThan(0);
    expect(repos.body.values.length).toBeLessThan(all.body.values.length);
    await del(s.id);
  });
});

describe("@modelcontextprotocol/server-everything", () => {
  it("2026.8.31 lists its 7 documents and 2 templates and reads one", async () => {
    const heard: InspectorEvent[] = [];
    const stop = getRegistry().events.subscribe((e) => heard.push(e));
    const s = await connect({
      command: process.execPath,
      args: [pkg("@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
      env: env(),
    });
    const list = await get<{ resources: { uri: string }[]; pages: number }>(resourcesRoute.GET, s.id);
    const docs = list.body.resources.filter((r) => r.uri.startsWith("demo://resource/static/document/"));
    expect(docs).toHaveLength(7);
    const templates = await get<{ resourceTemplates: { uriTemplate: string }[] }>(templatesRoute.GET, s.id);
    expect(templates.body.resourceTemplates).toHaveLength(2);
    // The connect answer already carried both, exactly as the list routes answer them, and so
    // did the "connected" event (a tab that did not ask sees the tree as soon as this one).
    expect(s.lists?.resources).toEqual(list.body);
    expect(s.lists?.templates).toEqual(templates.body);
    stop();
    const connected = heard.find(
      (e) => e.type === "session" && e.session.id === s.id && e.session.status === "connected",
    );
    expect(connected?.type === "session" && connected.lists).toEqual(s.lists);
    const read = await get<{ contents: { uri: string; text?: string }[] }>(
      readRoute.GET,
      s.id,
      `?uri=${encodeURIComponent(docs[0]!.uri)}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.contents[0]?.text?.length).toBeGreaterThan(0);
    await del(s.id);
  });

  it("2025.11.25 walks 10 pages to 100 resources, half of them blobs", async () => {
    const s = await connect({
      command: process.execPath,
      args: [pkg("everything-legacy/dist/index.js")],
      env: env(),
    });
    expect(s.lists?.resources.pages).toBe(10);
    expect(s.lists?.resources.resources).toHaveLength(100);
    const list = await get<{ resources: { uri: string }[]; pages: number }>(resourcesRoute.GET, s.id);
    expect(list.body.pages).toBe(10);
    expect(list.body.resources).toHaveLength(100);
    const blob = await get<{ contents: { blob?: string }[] }>(
      readRoute.GET,
      s.id,
      `?uri=${encodeURIComponent("test://static/resource/2")}`,
    );
    expect(typeof blob.body.contents[0]?.blob).toBe("string");
    await del(s.id);
  });
});

describe("servers that do not behave", () => {
  it("a server without the resources capability connects and says so in its capabilities", async () => {
    const s = await connect({
      command: process.execPath,
      args: [pkg("@modelcontextprotocol/server-filesystem/dist/index.js"), root],
      env: env(),
    });
    expect(s.status).toBe("connected");
    expect(s.capabilities?.resources).toBeUndefined();
    await del(s.id);
  });

  it("a missing program answers 502 naming the cause", async () => {
    const res = await callJson<ErrorBody>(sessionsRoute.POST, {
      method: "POST",
      body: { command: "definitely-not-a-real-mcp-server --stdio" },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/not found \(ENOENT\)/);
  });

  it("a server that exits before initializing answers 502 with its exit code and stderr tail", async () => {
    const res = await callJson<ErrorBody>(sessionsRoute.POST, {
      method: "POST",
      body: fixture("exit-early"),
    });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/exit code 3/);
    expect(res.body.error.stderrTail?.join("\n")).toMatch(/API_KEY is not set/);
  });

  it("a read the server never answers comes back 504, and the session stays usable", async () => {
    const s = await connect(fixture("hang-read"));
    const read = await get<ErrorBody>(readRoute.GET, s.id, "?uri=bad%3A%2F%2Fthing");
    expect(read.status).toBe(504);
    expect(read.body.error.code).toBe("gateway_timeout");
    expect((await get<{ resources: unknown[] }>(resourcesRoute.GET, s.id)).status).toBe(200);
    await del(s.id);
  });

  it("a server error keeps its JSON-RPC code: -32002 becomes 404", async () => {
    const s = await connect(fixture("not-found"));
    const read = await get<ErrorBody>(readRoute.GET, s.id, "?uri=bad%3A%2F%2Fnope");
    expect(read.status).toBe(404);
    expect(read.body.error.mcpCode).toBe(-32002);
    expect(read.body.error.message).toMatch(/Resource not found/);
    await del(s.id);
  });

  it("a server that dies mid-request is marked disconnected with exit code and stderr, then 409", async () => {
    const s = await connect(fixture("crash-on-read"));
    const read = await get<ErrorBody>(readRoute.GET, s.id, "?uri=bad%3A%2F%2Fthing");
    expect(read.status).toBeGreaterThanOrEqual(500);
    let summary: Summary | undefined;
    for (let i = 0; i < 50; i++) {
      summary = (await get<Summary>(sessionRoute.GET, s.id)).body;
      if (summary.status === "disconnected") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(summary?.status).toBe("disconnected");
    expect(summary?.error?.exitCode).toBe(7);
    expect(summary?.error?.stderrTail?.join("\n")).toMatch(/panic: read exploded/);
    expect((await get<ErrorBody>(resourcesRoute.GET, s.id)).status).toBe(409);
    await del(s.id);
  });

  it("a slow list is not waited for by connect: the page's first request joins the walk already running", async () => {
    const s = await connect(fixture("slow-list"));
    expect(s.lists).toBeUndefined();
    const list = await get<{ resources: { uri: string }[] }>(resourcesRoute.GET, s.id);
    expect(list.body.resources.map((r) => r.uri)).toEqual(["bad://thing"]);
    // One walk in all: the one connect started, not a second one after it.
    const { body } = await callJson<{ entries: { direction: string; method?: string }[] }, { id: string }>(
      trafficRoute.GET,
      idParams(s.id),
    );
    expect(body.entries.filter((e) => e.direction === "out" && e.method === "resources/list")).toHaveLength(
      1,
    );
    await del(s.id);
  });

  it("a cursor that repeats stops the walk with a warning instead of looping", async () => {
    const s = await connect(fixture("repeat-cursor"));
    expect(s.lists?.resources.warnings?.[0]).toMatch(/cursor .* twice/);
    const list = await get<{ resources: unknown[]; pages: number; warnings?: string[] }>(
      resourcesRoute.GET,
      s.id,
    );
    expect(list.status).toBe(200);
    expect(list.body.pages).toBe(2);
    expect(list.body.warnings?.[0]).toMatch(/cursor .* twice/);
    await del(s.id);
  });

  it("garbage on stdout does not end the session, and stderr is captured from the first byte", async () => {
    const s = await connect(fixture("noisy"));
    const read = await get<{ contents: { text?: string }[] }>(readRoute.GET, s.id, "?uri=bad%3A%2F%2Fthing");
    expect(read.body.contents[0]?.text).toBe("ok");
    const stderr = await get<{ lines: string[] }>(stderrRoute.GET, s.id);
    expect(stderr.body.lines[0]).toMatch(/misbehaving server \(noisy\) up|log line/);
    expect(stderr.body.lines.some((l) => l.includes("misbehaving server (noisy) up"))).toBe(true);
    await del(s.id);
  });

  it("an 11 MB message is accepted under the 64 MB default limit", async () => {
    const s = await connect(fixture("huge"));
    const read = await get<{ contents: { text?: string }[] }>(readRoute.GET, s.id, "?uri=bad%3A%2F%2Fthing");
    expect(read.status).toBe(200);
    expect(read.body.contents[0]?.text?.length).toBe(11 * 1024 * 1024);
    await del(s.id);
  });
});

describe("process trees", () => {
  it("DELETE of an sh -c wrapped server returns once the shell and the server are both gone", async () => {
    const bundle = path.join(root, "dist/demo-server.mjs");
    const s = await connect({
      command: `sh -c '${process.execPath} ${bundle}; echo wrapper-done'`,
      env: env(),
    });
    // Only this session's process group: other test files run marked servers at the same time.
    const before = markedProcesses().filter((p) => p.pgid === s.pid);
    expect(before.some((p) => p.cmdline.startsWith("sh -c"))).toBe(true);
    expect(before.some((p) => p.cmdline.includes("demo-server.mjs") && !p.cmdline.startsWith("sh"))).toBe(
      true,
    );
    expect((await del(s.id)).status).toBe(204);
    const pids = new Set(before.map((p) => p.pid));
    expect(markedProcesses().filter((p) => pids.has(p.pid))).toEqual([]);
  });

  it("DELETE of an npx-launched server reaps npx and the server it started", async () => {
    const s = await connect({
      command: "npx --offline --no-install mcp-server-everything stdio",
      env: env(),
      cwd: root,
    });
    // Only this session's process group: other test files run marked servers at the same time.
    const before = markedProcesses().filter((p) => p.pgid === s.pid);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect((await del(s.id)).status).toBe(204);
    const pids = new Set(before.map((p) => p.pid));
    expect(markedProcesses().filter((p) => pids.has(p.pid))).toEqual([]);
  }, 60_000);
});

describe("access control and validation", () => {
  it("health answers without a token", async () => {
    const res = await callJson(healthRoute.GET, { token: null });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("no token or a wrong token is 401 with the error envelope", async () => {
    for (const token of [null, "wrong"]) {
      const res = await callJson<ErrorBody>(sessionsRoute.GET, { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });

  it("a foreign Host or Origin is 403 even with the right token", async () => {
    const host = await callJson<ErrorBody>(sessionsRoute.GET, { headers: { host: "evil.example:6399" } });
    expect(host.status).toBe(403);
    const origin = await callJson<ErrorBody>(sessionsRoute.GET, {
      headers: { origin: "http://evil.example" },
    });
    expect(origin.status).toBe(403);
    const otherPort = await callJson<ErrorBody>(sessionsRoute.GET, {
      headers: { origin: "http://127.0.0.1:1234" },
    });
    expect(otherPort.status).toBe(403);
    const own = await callJson(sessionsRoute.GET, { headers: { origin: "http://127.0.0.1:6399" } });
    expect(own.status).toBe(200);
  });

  it("refused shell operators and bad bodies are 400 with a clear message", async () => {
    const piped = await callJson<ErrorBody>(sessionsRoute.POST, {
      method: "POST",
      body: { command: "node a.js | tee log" },
    });
    expect(piped.status).toBe(400);
    expect(piped.body.error.message).toMatch(/\|/);
    const empty = await callJson<ErrorBody>(sessionsRoute.POST, { method: "POST", body: { command: "" } });
    expect(empty.status).toBe(400);
    const extra = await callJson<ErrorBody>(sessionsRoute.POST, {
      method: "POST",
      body: { command: "x", shell: true },
    });
    expect(extra.status).toBe(400);
  });

  it("an unknown session is 404", async () => {
    const res = await get<ErrorBody>(sessionRoute.GET, "nosuchsession");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});
