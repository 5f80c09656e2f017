/**
 * The Python SDK's real Streamable HTTP server (`mcp` 2.3.0, e2e/fixtures/servers/python/) seen from
 * real clients: the v2 TypeScript client negotiating `auto`, and SDK 1.32 (legacy era only). Skipped,
 * with the venv's one-sentence reason, only where Python or the SDK cannot be installed.
 *
 * What the Python server does (observed here; the inspector has to meet it):
 * - Modern era, whatever the legacy mode: `server/discover` offers only `["2026-07-28"]` and declares
 *   `resources: {subscribe: true, listChanged: true}` (and tools/prompts listChanged). A result with no
 *   `cache_hints` entry carries `ttlMs: 0, cacheScope: "private"` (so discover does, and templates/list
 *   here); every result's `_meta` names the server (`io.modelcontextprotocol/serverInfo`).
 * - Legacy era: `initialize` answers 2025-11-25 with `subscribe` and every `listChanged` declared
 *   `false`; `resources/subscribe`, `server/discover` and `subscriptions/listen` answer -32601; bus events
 *   never reach a 2025 client (its GET stream stays silent). Stateful (default): `Mcp-Session-Id`;
 *   `--legacy stateless`: no session id.
 * - `subscriptions/listen`: the first frame is `notifications/subscriptions/acknowledged` with
 *   `notifications` = the requested kinds (false flags and empty lists dropped; unknown URIs honoured)
 *   and `_meta["io.modelcontextprotocol/subscriptionId"]` = the listen request's JSON-RPC id (the v2
 *   client's ids look like "listen:0"); every later notification carries the same `_meta` id.
 * - `input_required` (template resources only, per the SDK): `{resultType: "input_required",
 *   inputRequests, requestState}` with no cache hints; the SDK seals `requestState` (AES-GCM, "v1."…,
 *   a per-process key, so a server restart voids it). A handler returning it on a 2025 session gets
 *   -32603 "Handler returned an invalid result" (the fixture sends text there instead).
 * - Not found: -32602 "Unknown resource: <uri>" with `data: {uri}`.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
  type JSONRPCMessage,
  type NotificationMethod,
  type ReadResourceResult,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { HttpServerHandle } from "./http-servers";
import { markedProcesses } from "./processes";
import { startPythonServer } from "./python-server";
import { pythonVenv, type PythonVenv } from "./python-venv";
import { expectNoLeftoverProcesses } from "./teardown";

const MODERN = "2026-07-28";
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const STATIC_URIS = [
  "fixture://docs/readme.md",
  "fixture://docs/notes.txt",
  "fixture://data/config.json",
  "fixture://images/pixel.png",
  "fixture://counter",
];

let venv: PythonVenv = { ok: false, reason: "the venv was not made" };
const started: HttpServerHandle[] = [];
const startedPids = new Set<number>();
const skipReason = (): string => (venv.ok ? "" : venv.reason);
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  venv = await pythonVenv();
}, 300_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(started.map((s) => s.stop()));
  // Other files run in parallel under the same mark: judge only the servers this file started.
  await expectNoLeftoverProcesses(startedPids);
});

async function start(legacy: "stateful" | "stateless"): Promise<HttpServerHandle> {
  const server = await startPythonServer({ legacy });
  started.push(server);
  startedPids.add(server.pid);
  return server;
}

/** A v2 client in `auto` negotiation; `frames` records everything the server sent after connect. */
async function modernClient(url: string): Promise<{ client: ModernClient; frames: JSONRPCMessage[] }> {
  const frames: JSONRPCMessage[] = [];
  const client = new ModernClient(
    { name: "python-server-test", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" }, capabilities: { elicitation: {} } },
  );
  const transport = new ModernTransport(new URL(url));
  await client.connect(transport);
  clients.push(client);
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    frames.push(message);
    deliver?.(message);
  };
  return { client, frames };
}

async function legacyClient(url: string): Promise<{ client: LegacyClient; transport: LegacyTransport }> {
  const client = new LegacyClient({ name: "python-server-test-legacy", version: "1.0.0" });
  const transport = new LegacyTransport(new URL(url));
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

/** The next notification of `method` the client dispatches (replacing any earlier handler). */
function next(
  client: ModernClient,
  method: NotificationMethod,
): Promise<{ params?: Record<string, unknown> }> {
  return new Promise((resolve) => client.setNotificationHandler(method, (n) => resolve(n)));
}

function text(result: ReadResourceResult): string {
  const content = result.contents[0];
  return content && "text" in content ? content.text : "";
}

/** One raw 2026-07-28 request, as the v2 client frames it (headers and per-request `_meta`). */
async function postModern(url: string, method: string, params: Record<string, unknown>, name?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Mcp-Protocol-Version": MODERN,
      "Mcp-Method": method,
      ...(name ? { "Mcp-Name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN,
          "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
          "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
        },
      },
    }),
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

describe("the Python SDK's Streamable HTTP server (mcp 2.3.0, stateful legacy mode)", () => {
  let server: HttpServerHandle;
  beforeAll(async () => {
    if (venv.ok) server = await start("stateful");
  }, 60_000);

  test("a v2 client in auto mode negotiates 2026-07-28 through server/discover", async ({ skip }) => {
    skip(!venv.ok, skipReason());
    const { client } = await modernClient(server.url);
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getServerVersion()).toMatchObject({ name: "python-resources-fixture" });
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });

    const discover = await postModern(server.url, "server/discover", {});
    expect(discover.result).toMatchObject({ supportedVersions: [MODERN], ttlMs: 0, cacheScope: "private" });
  });

  test("lists and reads carry ttlMs and cacheScope; text, markdown, JSON, a blob and a template read", async ({
    skip,
  }) => {
    skip(!venv.ok, skipReason());
    const { client } = await modernClient(server.url);
    const list = await client.listResources();
    expect(list).toMatchObject({ ttlMs: 30_000, cacheScope: "private" });
    expect(list.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(STATIC_URIS));
    const templates = await client.listResourceTemplates();
    expect(templates).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    expect(templates.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      "fixture://greeting/{name}",
      "fixture://secret/{name}",
    ]);

    const readme = await client.readResource({ uri: "fixture://docs/readme.md" });
    expect(readme).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
    expect(readme.contents[0]).toMatchObject({ mimeType: "text/markdown" });
    expect(text(readme)).toMatch(/^# Python fixture/);
    const config = await client.readResource({ uri: "fixture://data/config.json" });
    expect(JSON.parse(text(config))).toMatchObject({ name: "fixture" });
    const pixel = (await client.readResource({ uri: "fixture://images/pixel.png" })).contents[0];
    expect(pixel).toMatchObject({ mimeType: "image/png" });
    const blob = pixel && "blob" in pixel ? Buffer.from(pixel.blob, "base64") : Buffer.alloc(0);
    expect(blob.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(text(await client.readResource({ uri: "fixture://greeting/Ada" }))).toBe("Hello, Ada!");

    await expect(client.readResource({ uri: "fixture://nope" })).rejects.toMatchObject({
      code: -32602,
      data: { uri: "fixture://nope" },
    });
  });

  test("subscriptions/listen acknowledges first, then delivers ResourceUpdated and list_changed with its subscriptionId", async ({
    skip,
  }) => {
    skip(!venv.ok, skipReason());
    const { client, frames } = await modernClient(server.url);
    const subscription = await client.listen({
      resourceSubscriptions: ["fixture://counter"],
      resourcesListChanged: true,
    });
    expect(subscription.honoredFilter).toEqual({
      resourceSubscriptions: ["fixture://counter"],
      resourcesListChanged: true,
    });
    const ack = frames.find((f) => "method" in f && f.method === "notifications/subscriptions/acknowledged");
    const id =
      ack && "params" in ack ? (ack.params?._meta as Record<string, unknown>)[SUBSCRIPTION_ID] : undefined;
    expect(typeof id).toBe("string");

    const updated = next(client, "notifications/resources/updated");
    const before = text(await client.readResource({ uri: "fixture://counter" }, { cacheMode: "bypass" }));
    await client.callTool({ name: "bump", arguments: {} });
    expect((await updated).params).toEqual({ uri: "fixture://counter", _meta: { [SUBSCRIPTION_ID]: id } });
    const after = text(await client.readResource({ uri: "fixture://counter" }, { cacheMode: "bypass" }));
    expect(after).not.toBe(before);

    const listChanged = next(client, "notifications/resources/list_changed");
    await client.callTool({ name: "add_note", arguments: { name: "from-listen", text: "hello" } });
    expect((await listChanged).params).toEqual({ _meta: { [SUBSCRIPTION_ID]: id } });
    const relisted = await client.listResources(undefined, { cacheMode: "bypass" });
    expect(relisted.resources.map((r) => r.uri)).toContain("fixture://notes/from-listen");

    await subscription.close();
    await expect(subscription.closed).resolves.toBe("local");
  });

  test("a read that needs input answers input_required and completes once the retry answers and echoes requestState", async ({
    skip,
  }) => {
    skip(!venv.ok, skipReason());
    const first = await postModern(
      server.url,
      "resources/read",
      { uri: "fixture://secret/vault" },
      "fixture://secret/vault",
    );
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { passphrase: { method: "elicitation/create", params: { mode: "form" } } },
    });
    const state = first.result?.requestState;
    expect(typeof state).toBe("string");
    expect(state).not.toContain("asked:"); // sealed by the SDK, not the handler's plain text
    expect(first.result).not.toHaveProperty("ttlMs");

    const answer = { passphrase: { action: "accept", content: { passphrase: "open sesame" } } };
    const withoutState = await postModern(
      server.url,
      "resources/read",
      { uri: "fixture://secret/vault", inputResponses: answer },
      "fixture://secret/vault",
    );
    expect(withoutState.result).toMatchObject({ resultType: "input_required" });

    // The v2 client answers through its elicitation handler and retries with the echoed state.
    const { client } = await modernClient(server.url);
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { passphrase: "open sesame" } };
    });
    const read = await client.readResource({ uri: "fixture://secret/vault" });
    expect(asked).toEqual(["Passphrase for vault?"]);
    expect(text(read)).toBe("secret vault opened with open sesame");
    expect(read).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
  });

  test("an SDK 1.32 client connects in the legacy era with a session, lists and reads, and cannot watch", async ({
    skip,
  }) => {
    skip(!venv.ok, skipReason());
    const { client, transport } = await legacyClient(server.url);
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: false, listChanged: false });

    const list = await client.listResources();
    expect(list.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(STATIC_URIS));
    expect(list).not.toHaveProperty("ttlMs");
    expect(text(await client.readResource({ uri: "fixture://secret/vault" }))).toBe(
      "secret vault (legacy era: no input_required)",
    );
    await expect(client.subscribeResource({ uri: "fixture://counter" })).rejects.toMatchObject({
      code: -32601,
    });

    // Updates go to listen streams only: the legacy session hears nothing of a list change.
    let heard = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void heard++);
    await client.callTool({ name: "add_note", arguments: { name: "from-legacy", text: "hello" } });
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toBe(0);
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain(
      "fixture://notes/from-legacy",
    );
    await transport.terminateSession();
  });
});

describe("the Python SDK's Streamable HTTP server in stateless legacy mode", () => {
  let server: HttpServerHandle;
  beforeAll(async () => {
    if (venv.ok) server = await start("stateless");
  }, 60_000);

  test("an SDK 1.32 client gets no session and lists; the modern era is unchanged", async ({ skip }) => {
    skip(!venv.ok, skipReason());
    const { client, transport } = await legacyClient(server.url);
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(STATIC_URIS),
    );

    const { client: modern } = await modernClient(server.url);
    expect(modern.getProtocolEra()).toBe("modern");
    const subscription = await modern.listen({ resourceSubscriptions: ["fixture://counter"] });
    const updated = next(modern, "notifications/resources/updated");
    await modern.callTool({ name: "bump", arguments: {} });
    expect((await updated).params).toMatchObject({ uri: "fixture://counter" });
    await subscription.close();
  });

  test("stop() ends the server's one process and frees its port", async ({ skip }) => {
    skip(!venv.ok, skipReason());
    const pid = server.pid;
    expect(markedProcesses().map((p) => p.pid)).toContain(pid);
    await server.stop();
    expect(markedProcesses().map((p) => p.pid)).not.toContain(pid);
    await expect(fetch(server.url, { method: "POST" })).rejects.toThrow();
  });
});
