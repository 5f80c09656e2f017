import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TEST_MARK_VAR, testMark } from "../testing/processes";
import { PNG_SIGNATURE } from "./png";
import { RFC6570_ECHO_TEMPLATE } from "./templates";
import {
  CREATED_AT_META_KEY,
  DEMO_SAMPLE_URIS,
  DEMO_TEMPLATES,
  DEMO_TOOLS,
  DEMO_URIS,
  STORM_ITEM_URI_PREFIX,
  STORM_URI,
} from "./uris";

/**
 * Spawns the real demo server over real stdio. Most tests run the bundle that the global setup
 * builds exactly as `npm run build:bundles` does (what the app spawns); one runs the source via tsx.
 */

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const BUNDLE = "dist/demo-server.mjs";

interface DemoProcess {
  client: Client;
  stderr: () => string;
}

const running: Client[] = [];

async function startDemo(
  options: { env?: Record<string, string>; fromSource?: boolean } = {},
): Promise<DemoProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: options.fromSource ? ["--import", "tsx", "server/demo/main.ts"] : [BUNDLE],
    cwd: repoRoot,
    env: { ...getDefaultEnvironment(), [TEST_MARK_VAR]: testMark(), ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  // Attached before connect() so the startup line is not lost.
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "demo-server-test", version: "0.0.0" });
  await client.connect(transport);
  running.push(client);
  return { client, stderr: () => stderr };
}

afterAll(async () => {
  await Promise.all(running.map((client) => client.close()));
});

async function listAll(client: Client): Promise<{ resources: Resource[]; pageSizes: number[] }> {
  const resources: Resource[] = [];
  const pageSizes: number[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    resources.push(...page.resources);
    pageSizes.push(page.resources.length);
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (cursors.has(cursor)) throw new Error(`cursor repeated: ${cursor}`);
      cursors.add(cursor);
    }
  } while (cursor !== undefined);
  return { resources, pageSizes };
}

function onlyContent(result: ReadResourceResult): ReadResourceResult["contents"][number] {
  expect(result.contents).toHaveLength(1);
  const [content] = result.contents;
  if (!content) throw new Error("no content");
  return content;
}

function textOf(result: ReadResourceResult): string {
  const content = onlyContent(result);
  if (!("text" in content)) throw new Error(`expected text content for ${content.uri}`);
  return content.text;
}

function bytesOf(result: ReadResourceResult): Buffer {
  const content = onlyContent(result);
  if (!("blob" in content)) throw new Error(`expected blob content for ${content.uri}`);
  return Buffer.from(content.blob, "base64");
}

function contentBytes(content: ReadResourceResult["contents"][number]): number {
  return "text" in content
    ? Buffer.byteLength(content.text, "utf8")
    : Buffer.from(content.blob, "base64").length;
}

async function rpcErrorCode(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  throw new Error("expected the request to fail");
}

function waitForListChanged(client: Client, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no list_changed within ${timeoutMs} ms`)), timeoutMs);
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function waitForUpdated(client: Client, uri: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no updated for ${uri} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      if (notification.params.uri !== uri) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The `at-ms: <n>` line of a clock or storm text. */
function atMsOf(text: string): number {
  const match = /^at-ms: (\d+)$/m.exec(text);
  if (!match?.[1]) throw new Error(`no at-ms line in ${JSON.stringify(text)}`);
  return Number(match[1]);
}

/** Checks that a resource added at runtime carries its creation time, within [from, to]. */
function expectCreatedAt(
  resource: Resource | undefined,
  namePattern: RegExp,
  from: number,
  to: number,
): void {
  const createdAtMs = resource?._meta?.[CREATED_AT_META_KEY];
  expect(typeof createdAtMs).toBe("number");
  expect(createdAtMs).toBeGreaterThanOrEqual(from);
  expect(createdAtMs).toBeLessThanOrEqual(to);
  expect(resource?.name).toMatch(namePattern);
  expect(resource?.name.endsWith(` @${String(createdAtMs)}`)).toBe(true);
}

describe("demo server (default configuration)", () => {
  let demo: DemoProcess;
  beforeAll(async () => {
    demo = await startDemo();
  });

  it("announces readiness on stderr and declares subscribe, listChanged and completions", async () => {
    await expect.poll(() => demo.stderr()).toMatch(/demo server ready: \d+ resources/);
    const capabilities = demo.client.getServerCapabilities();
    expect(capabilities?.resources).toEqual({ subscribe: true, listChanged: true });
    expect(capabilities?.completions).toBeDefined();
  });

  it("lists at least 150 unique resources in pages of 50 behind opaque cursors", async () => {
    const { resources, pageSizes } = await listAll(demo.client);
    const uris = new Set(resources.map((resource) => resource.uri));
    expect(uris.size).toBe(resources.length);
    expect(uris.size).toBeGreaterThanOrEqual(150);
    expect(pageSizes.length).toBeGreaterThanOrEqual(4);
    expect(pageSizes.slice(0, -1).every((size) => size === 50)).toBe(true);
    expect(pageSizes.at(-1)).toBeGreaterThan(0);
    expect(pageSizes.at(-1)).toBeLessThanOrEqual(50);
  });

  it("lists every well-known uri verbatim, including the hard ones for a tree", async () => {
    const { resources } = await listAll(demo.client);
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(Object.values(DEMO_URIS)));
    expect(uris.filter((uri) => uri.startsWith("file:///srv/app/src/lib/")).length).toBeGreaterThanOrEqual(2);
  });

  it("lists a size that equals the byte length of what a read returns", async () => {
    const { resources } = await listAll(demo.client);
    // The contradiction sample lies about its size on purpose; the 10 MB text has its own test.
    const sized = resources.filter(
      (resource) =>
        resource.size !== undefined &&
        resource.uri !== DEMO_SAMPLE_URIS.contradiction &&
        resource.uri !== DEMO_SAMPLE_URIS.largeText,
    );
    expect(sized.length).toBeGreaterThanOrEqual(150);
    const mismatches: { uri: string; size: number | undefined; bytes: number }[] = [];
    for (const resource of sized) {
      const { contents } = await demo.client.readResource({ uri: resource.uri });
      const bytes = contents.reduce((sum, content) => sum + contentBytes(content), 0);
      if (bytes !== resource.size) mismatches.push({ uri: resource.uri, size: resource.size, bytes });
    }
    expect(mismatches).toEqual([]);
  });

  it("gives one resource every optional field, with a title distinct from its name", async () => {
    const { resources } = await listAll(demo.client);
    const rich = resources.find((resource) => resource.uri === DEMO_URIS.gettingStarted);
    expect(rich).toMatchObject({
      name: "getting-started.md",
      mimeType: "text/markdown",
      annotations: { audience: ["user", "assistant"], priority: 0.9 },
    });
    expect(rich?.title).toBeTruthy();
    expect(rich?.title).not.toBe(rich?.name);
    expect(rich?.description).toBeTruthy();
    expect(rich?.size).toBeGreaterThan(0);
    expect(Date.parse(rich?.annotations?.lastModified ?? "")).not.toBeNaN();
    expect(rich?._meta).toHaveProperty(["example.com/demo", "section"], "guides");
    expect(rich?.icons?.[0]?.src).toMatch(/^data:image\/png;base64,/);
  });

  it("reads markdown, JSON and plain text", async () => {
    expect(textOf(await demo.client.readResource({ uri: DEMO_URIS.gettingStarted }))).toMatch(
      /^# Getting started/,
    );
    const config: unknown = JSON.parse(
      textOf(await demo.client.readResource({ uri: DEMO_URIS.advancedConfig })),
    );
    expect(config).toMatchObject({ features: { subscribe: true } });
    expect(textOf(await demo.client.readResource({ uri: DEMO_URIS.apiReference }))).toContain(
      "resources/list",
    );
  });

  it("reads a real 32x32 PNG", async () => {
    const result = await demo.client.readResource({ uri: DEMO_URIS.logo });
    expect(onlyContent(result).mimeType).toBe("image/png");
    const png = bytesOf(result);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.toString("latin1", 12, 16)).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
  });

  it("reads a gzip blob that gunzips and an octet-stream blob byte for byte", async () => {
    const gzip = await demo.client.readResource({ uri: DEMO_URIS.archive });
    expect(onlyContent(gzip).mimeType).toBe("application/gzip");
    expect(gunzipSync(bytesOf(gzip)).toString("utf8")).toMatch(/^id,name,resources\n/);
    const blob = await demo.client.readResource({ uri: DEMO_URIS.blob });
    expect(onlyContent(blob).mimeType).toBe("application/octet-stream");
    expect([...bytesOf(blob)]).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });

  it("returns several contents, each with its own uri, from one read", async () => {
    const { contents } = await demo.client.readResource({ uri: DEMO_URIS.bundle });
    expect(contents.length).toBeGreaterThanOrEqual(2);
    expect(new Set(contents.map((content) => content.uri)).size).toBe(contents.length);
    expect(contents.map((content) => content.mimeType)).toEqual(
      expect.arrayContaining(["text/markdown", "application/json", "image/png"]),
    );
  });

  it("reads hard uris as listed, and a unicode uri in its percent-encoded form too", async () => {
    for (const uri of [
      DEMO_URIS.unicode,
      DEMO_URIS.releaseNotes,
      DEMO_URIS.searchResults,
      DEMO_URIS.guidesIndex,
    ]) {
      expect(onlyContent(await demo.client.readResource({ uri })).uri).toBe(uri);
    }
    const encoded = await demo.client.readResource({ uri: encodeURI(DEMO_URIS.unicode) });
    expect(textOf(encoded)).toBe("こんにちは、世界！\n");
  });

  it("answers -32002 for an unknown uri and -32602 for a forged cursor", async () => {
    expect(await rpcErrorCode(demo.client.readResource({ uri: "demo://no/such/thing" }))).toBe(-32002);
    expect(await rpcErrorCode(demo.client.listResources({ cursor: "not-a-cursor" }))).toBe(-32602);
  });

  it("lists both templates and completes their arguments, using context for the second", async () => {
    const { resourceTemplates } = await demo.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining(Object.values(DEMO_TEMPLATES)),
    );

    const users = await demo.client.complete({
      ref: { type: "ref/resource", uri: DEMO_TEMPLATES.userProfile },
      argument: { name: "userId", value: "a" },
    });
    expect(users.completion.values).toEqual(["alice"]);

    const repoRef = { type: "ref/resource", uri: DEMO_TEMPLATES.repoReadme } as const;
    const globex = await demo.client.complete({
      ref: repoRef,
      argument: { name: "repo", value: "" },
      context: { arguments: { owner: "globex" } },
    });
    expect(globex.completion.values).toEqual(["hammock", "reactor"]);
    const anyOwner = await demo.client.complete({ ref: repoRef, argument: { name: "repo", value: "" } });
    expect(anyOwner.completion.values.length).toBeGreaterThan(globex.completion.values.length);
  });

  it("reads filled-in templates and answers -32002 for an unknown user", async () => {
    const profile = JSON.parse(
      textOf(await demo.client.readResource({ uri: "demo://users/alice/profile" })),
    ) as unknown;
    expect(profile).toMatchObject({ id: "alice" });
    expect(textOf(await demo.client.readResource({ uri: "demo://repos/acme/anvil/readme" }))).toMatch(
      /^# acme\/anvil/,
    );
    expect(await rpcErrorCode(demo.client.readResource({ uri: "demo://users/nobody/profile" }))).toBe(-32002);
  });

  it("serves a template with {;x}, {var:3} and {/list*}, matched as RFC 6570 expands them", async () => {
    const { resourceTemplates } = await demo.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain(RFC6570_ECHO_TEMPLATE);
    const uri = "demo://echo;x=1024/val/red/green/blue";
    expect(JSON.parse(textOf(await demo.client.readResource({ uri })))).toEqual({
      uri,
      variables: { x: "1024", var: "val", list: ["red", "green", "blue"] },
    });
  });

  it("sends updated for the subscribed clock within 2.5 s, with new text, and stops after unsubscribe", async () => {
    const before = textOf(await demo.client.readResource({ uri: DEMO_URIS.clock }));
    const updated = waitForUpdated(demo.client, DEMO_URIS.clock, 2_500);
    await demo.client.subscribeResource({ uri: DEMO_URIS.clock });
    await updated;
    expect(textOf(await demo.client.readResource({ uri: DEMO_URIS.clock }))).not.toBe(before);

    await demo.client.unsubscribeResource({ uri: DEMO_URIS.clock });
    let late = 0;
    demo.client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => {
      late += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(late).toBe(0);
  });

  it("stamps each clock version with the epoch ms it was made at, and sends updated right after", async () => {
    const first = atMsOf(textOf(await demo.client.readResource({ uri: DEMO_URIS.clock })));
    expect(Math.abs(Date.now() - first)).toBeLessThan(5_000);
    const received = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no clock update within 2.5 s")), 2_500);
      demo.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        if (notification.params.uri !== DEMO_URIS.clock) return;
        clearTimeout(timer);
        resolve(Date.now());
      });
    });
    await demo.client.subscribeResource({ uri: DEMO_URIS.clock });
    try {
      const receivedAt = await received;
      const atMs = atMsOf(textOf(await demo.client.readResource({ uri: DEMO_URIS.clock })));
      expect(atMs).toBeGreaterThan(first);
      // Made within the tick before the notification arrived (a 1 s tick is the slack for a loaded machine).
      expect(atMs).toBeGreaterThan(receivedAt - 1_000);
      expect(atMs).toBeLessThanOrEqual(Date.now());
    } finally {
      await demo.client.unsubscribeResource({ uri: DEMO_URIS.clock });
    }
  });

  it("refuses to subscribe to a uri it does not have", async () => {
    expect(await rpcErrorCode(demo.client.subscribeResource({ uri: "demo://no/such/thing" }))).toBe(-32002);
  });

  it("has no storm resource without DEMO_STORM", async () => {
    const { resources } = await listAll(demo.client);
    expect(resources.map((resource) => resource.uri)).not.toContain(STORM_URI);
    expect(await rpcErrorCode(demo.client.readResource({ uri: STORM_URI }))).toBe(-32002);
    expect(await rpcErrorCode(demo.client.subscribeResource({ uri: STORM_URI }))).toBe(-32002);
  });
});

describe("demo server tools", () => {
  let demo: DemoProcess;
  beforeAll(async () => {
    demo = await startDemo();
  });

  it("add_resource sends list_changed and the new resource is listed, readable and time-stamped", async () => {
    const listChanged = waitForListChanged(demo.client, 2_000);
    const calledAt = Date.now();
    const result = await demo.client.callTool({
      name: DEMO_TOOLS.addResource,
      arguments: { uri: "demo://dynamic/notes/added.md", text: "# Added\n", mimeType: "text/markdown" },
    });
    expect(result.structuredContent).toEqual({ uri: "demo://dynamic/notes/added.md", replaced: false });
    await listChanged;
    const { resources } = await listAll(demo.client);
    const added = resources.find((resource) => resource.uri === "demo://dynamic/notes/added.md");
    expect(added).toMatchObject({ mimeType: "text/markdown", size: 8 });
    expectCreatedAt(added, /^added\.md @\d+$/, calledAt, Date.now());
    expect(textOf(await demo.client.readResource({ uri: "demo://dynamic/notes/added.md" }))).toBe(
      "# Added\n",
    );
  });

  it("add_resource without arguments makes up a uri under demo://dynamic/", async () => {
    const result = await demo.client.callTool({ name: DEMO_TOOLS.addResource, arguments: {} });
    const output = result.structuredContent as { uri?: unknown } | undefined;
    expect(output?.uri).toMatch(/^demo:\/\/dynamic\/resource-\d+$/);
  });

  it("add_resource keeps a name the caller gives, and still stamps _meta", async () => {
    const uri = "demo://dynamic/notes/named.txt";
    await demo.client.callTool({ name: DEMO_TOOLS.addResource, arguments: { uri, name: "My name" } });
    const { resources } = await listAll(demo.client);
    const named = resources.find((resource) => resource.uri === uri);
    expect(named?.name).toBe("My name");
    expect(typeof named?._meta?.[CREATED_AT_META_KEY]).toBe("number");
  });

  it("add_resource on an existing uri replaces it and sends updated to its subscribers", async () => {
    const uri = "demo://dynamic/notes/added.md";
    await demo.client.subscribeResource({ uri });
    const updated = waitForUpdated(demo.client, uri, 2_000);
    const result = await demo.client.callTool({
      name: DEMO_TOOLS.addResource,
      arguments: { uri, text: "# Changed\n", mimeType: "text/markdown" },
    });
    expect(result.structuredContent).toEqual({ uri, replaced: true });
    await updated;
    expect(textOf(await demo.client.readResource({ uri }))).toBe("# Changed\n");
  });

  it("remove_resource sends list_changed and the resource is gone", async () => {
    const listChanged = waitForListChanged(demo.client, 2_000);
    await demo.client.callTool({
      name: DEMO_TOOLS.removeResource,
      arguments: { uri: DEMO_URIS.releaseNotes },
    });
    await listChanged;
    const { resources } = await listAll(demo.client);
    expect(resources.map((resource) => resource.uri)).not.toContain(DEMO_URIS.releaseNotes);
    expect(await rpcErrorCode(demo.client.readResource({ uri: DEMO_URIS.releaseNotes }))).toBe(-32002);
  });

  it("reports a tool error for a uri that is not listed or not absolute", async () => {
    const missing = await demo.client.callTool({
      name: DEMO_TOOLS.removeResource,
      arguments: { uri: "demo://nope" },
    });
    expect(missing.isError).toBe(true);
    const relative = await demo.client.callTool({
      name: DEMO_TOOLS.addResource,
      arguments: { uri: "not a uri" },
    });
    expect(relative.isError).toBe(true);
  });
});

describe("demo server environment", () => {
  it("honours DEMO_PAGE_SIZE, DEMO_RESOURCE_COUNT and DEMO_VARIANT", async () => {
    const demo = await startDemo({
      env: { DEMO_PAGE_SIZE: "7", DEMO_RESOURCE_COUNT: "3", DEMO_VARIANT: "variant-xyz" },
    });
    const { resources, pageSizes } = await listAll(demo.client);
    expect(pageSizes.slice(0, -1).every((size) => size === 7)).toBe(true);
    expect(pageSizes.at(-1)).toBeLessThanOrEqual(7);
    expect(resources.filter((resource) => resource.uri.startsWith("demo://items/"))).toHaveLength(3);
    expect(textOf(await demo.client.readResource({ uri: DEMO_URIS.apiReference }))).toContain(
      "variant: variant-xyz",
    );
    await expect.poll(() => demo.stderr()).toContain("page size 7");
  });

  it("adds and removes a time-stamped resource on the DEMO_LIST_CHURN_MS timer, notifying list_changed", async () => {
    const startedAt = Date.now();
    const demo = await startDemo({ env: { DEMO_LIST_CHURN_MS: "100" } });
    await waitForListChanged(demo.client, 2_000);
    let notifications = 0;
    demo.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      notifications += 1;
    });
    await expect.poll(() => notifications, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    // The churn resource is listed on every other tick.
    let churned: Resource | undefined;
    await expect
      .poll(
        async () => {
          churned = (await listAll(demo.client)).resources.find((r) => r.uri.startsWith("demo://churn/"));
          return churned !== undefined;
        },
        { timeout: 3_000, interval: 50 },
      )
      .toBe(true);
    expectCreatedAt(churned, /^churn-\d+ @\d+$/, startedAt, Date.now());
  });

  it("exits with status 2 and a message on stderr when a variable is invalid", () => {
    const child = spawnSync(process.execPath, [BUNDLE], {
      cwd: repoRoot,
      // NODE_ENV only because Next's types make it a required key of ProcessEnv.
      env: { ...getDefaultEnvironment(), NODE_ENV: "test", [TEST_MARK_VAR]: testMark(), DEMO_PAGE_SIZE: "0" },
      input: "",
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(child.status).toBe(2);
    expect(child.stdout).toBe("");
    expect(child.stderr).toContain("DEMO_PAGE_SIZE");
  });

  it("exits with status 2 when DEMO_STORM is malformed or out of range", () => {
    for (const storm of ["fast", "1000:20", "0:20:1000", "1000:20:5"]) {
      const child = spawnSync(process.execPath, [BUNDLE], {
        cwd: repoRoot,
        env: { ...getDefaultEnvironment(), NODE_ENV: "test", [TEST_MARK_VAR]: testMark(), DEMO_STORM: storm },
        input: "",
        encoding: "utf8",
        timeout: 10_000,
      });
      expect(child.status, storm).toBe(2);
      expect(child.stderr, storm).toContain("DEMO_STORM");
    }
  });

  it("runs from source with tsx (npx tsx server/demo/main.ts)", async () => {
    const demo = await startDemo({ fromSource: true });
    const page = await demo.client.listResources();
    expect(page.resources).toHaveLength(50);
    await expect.poll(() => demo.stderr()).toMatch(/demo server ready/);
  });
});

describe("demo server storm (DEMO_STORM=200:10:1000)", () => {
  // 200 updates/s and 10 list changes/s for 1 s: 200 updates and 10 list changes per run.
  const UPDATES = 200;
  const LIST_CHANGES = 10;
  let demo: DemoProcess;
  let updated = 0;
  let listChanged = 0;
  beforeAll(async () => {
    demo = await startDemo({ env: { DEMO_STORM: "200:10:1000" } });
    demo.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      if (notification.params.uri === STORM_URI) updated += 1;
    });
    demo.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged += 1;
    });
  });

  const stormText = async () => textOf(await demo.client.readResource({ uri: STORM_URI }));
  const stormItems = async () =>
    (await listAll(demo.client)).resources.filter((resource) =>
      resource.uri.startsWith(STORM_ITEM_URI_PREFIX),
    );

  /** Subscribes (which starts a run) and waits for the run's final text; returns the subscribe time. */
  async function runStorm(run: number): Promise<{ startedAt: number; finalText: string }> {
    updated = 0;
    listChanged = 0;
    const startedAt = Date.now();
    await demo.client.subscribeResource({ uri: STORM_URI });
    let finalText = "";
    await expect
      .poll(
        async () => {
          finalText = await stormText();
          return finalText;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toMatch(new RegExp(`^storm run ${run} [^]*\\nfinal: ${UPDATES}$`));
    return { startedAt, finalText };
  }

  it("lists the storm resource and no storm items before anyone subscribes", async () => {
    const { resources } = await listAll(demo.client);
    expect(resources.find((resource) => resource.uri === STORM_URI)).toMatchObject({
      mimeType: "text/plain",
    });
    expect(await stormItems()).toEqual([]);
    expect(await stormText()).toMatch(/^storm run 0 .*\ncount: 0\nat-ms: \d+$/);
    expect(updated + listChanged).toBe(0);
  });

  it("sends about the nominal number of updated and list_changed notifications, then a final text", async () => {
    const { startedAt, finalText } = await runStorm(1);
    expect(finalText).toMatch(new RegExp(`\\ncount: ${UPDATES}\\n`));
    // The last change happens once the duration is over, never before.
    expect(atMsOf(finalText)).toBeGreaterThanOrEqual(startedAt + 1_000);
    // Every notification precedes the final text on the same stdio stream; be tolerant anyway.
    expect(updated).toBeGreaterThanOrEqual(UPDATES / 2);
    expect(updated).toBeLessThanOrEqual(UPDATES);
    expect(listChanged).toBeGreaterThanOrEqual(LIST_CHANGES / 2);
    expect(listChanged).toBeLessThanOrEqual(LIST_CHANGES);
    await expect.poll(() => demo.stderr()).toMatch(/storm 1 done in \d+ ms/);
  });

  it("ends with the newest 5 storm items listed, time-stamped, and then stays still", async () => {
    const items = await stormItems();
    expect(items.map((item) => item.uri)).toEqual(
      [6, 7, 8, 9, 10].map((n) => `${STORM_ITEM_URI_PREFIX}${n}`),
    );
    for (const item of items) expectCreatedAt(item, /^storm-\d+ @\d+$/, 0, Date.now());
    expect(textOf(await demo.client.readResource({ uri: items[0]?.uri ?? "" }))).toContain("run 1");

    const [text, counts] = [await stormText(), { updated, listChanged }];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stormText()).toBe(text);
    expect({ updated, listChanged }).toEqual(counts);
  });

  it("starts another run on the next subscribe, continuing the item numbers", async () => {
    const { finalText } = await runStorm(2);
    expect(finalText).toContain(`count: ${UPDATES}`);
    expect((await stormItems()).map((item) => item.uri)).toEqual(
      [16, 17, 18, 19, 20].map((n) => `${STORM_ITEM_URI_PREFIX}${n}`),
    );
    expect(updated).toBeGreaterThanOrEqual(UPDATES / 2);
  });
});

describe("demo server renderer samples", () => {
  let demo: DemoProcess;
  beforeAll(async () => {
    demo = await startDemo();
  });

  it("lists every sample uri (the contradiction's content uri only comes back from its read)", async () => {
    const { resources } = await listAll(demo.client);
    const { contradictionContentUri, ...listed } = DEMO_SAMPLE_URIS;
    expect(resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining(Object.values(listed)));
    expect(resources.some((resource) => resource.uri === contradictionContentUri)).toBe(false);
  });

  it("serves hostile markdown, HTML and SVG that each try to set the __pwned canary", async () => {
    for (const uri of [
      DEMO_SAMPLE_URIS.markdown,
      DEMO_SAMPLE_URIS.html,
      DEMO_SAMPLE_URIS.mcpApp,
      DEMO_SAMPLE_URIS.svg,
    ]) {
      expect(textOf(await demo.client.readResource({ uri })), uri).toContain("__pwned = true");
    }
    const markdown = textOf(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.markdown }));
    expect(markdown).toContain("](javascript:");
    expect(markdown).toContain("<script>");
    expect(markdown).toMatch(/<img src=x onerror=/);
    const app = onlyContent(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.mcpApp }));
    expect(app.mimeType).toBe("text/html;profile=mcp-app");
  });

  it("serves a playable WAV and a PDF as blobs, and a PNG blob with no mimeType", async () => {
    const wav = bytesOf(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.wav }));
    expect(wav.toString("latin1", 0, 4)).toBe("RIFF");
    expect(wav.toString("latin1", 8, 12)).toBe("WAVE");
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    const pdf = bytesOf(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.pdf }));
    expect(pdf.toString("latin1", 0, 8)).toBe("%PDF-1.4");
    const xref = Number(/startxref\n(\d+)/.exec(pdf.toString("latin1"))?.[1]);
    expect(pdf.toString("latin1", xref, xref + 4)).toBe("xref");
    const png = await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.unlabelledPng });
    expect(onlyContent(png).mimeType).toBeUndefined();
    expect(bytesOf(png).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it("contradicts its listing on purpose: mimeType, size and uri differ, and a blob is not base64", async () => {
    const { resources } = await listAll(demo.client);
    const listed = resources.find((resource) => resource.uri === DEMO_SAMPLE_URIS.contradiction);
    const content = onlyContent(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.contradiction }));
    expect(listed).toMatchObject({ mimeType: "text/plain", size: 12 });
    expect(content).toMatchObject({
      uri: DEMO_SAMPLE_URIS.contradictionContentUri,
      mimeType: "application/json",
    });
    expect(contentBytes(content)).not.toBe(12);
    // The SDK client refuses the whole read (its blob schema runs atob); a raw request sees the blob.
    await expect(demo.client.readResource({ uri: DEMO_SAMPLE_URIS.invalidBase64 })).rejects.toThrow(/Base64/);
    const raw = await demo.client.request(
      { method: "resources/read", params: { uri: DEMO_SAMPLE_URIS.invalidBase64 } },
      z.object({ contents: z.array(z.object({ uri: z.string(), blob: z.string() })) }),
    );
    expect(() => atob(raw.contents[0]?.blob ?? "")).toThrow();
  });

  it("makes the 10 MB text on first read: exactly the listed 10,000,000 bytes in numbered lines", async () => {
    const { resources } = await listAll(demo.client);
    expect(resources.find((resource) => resource.uri === DEMO_SAMPLE_URIS.largeText)?.size).toBe(10_000_000);
    const text = textOf(await demo.client.readResource({ uri: DEMO_SAMPLE_URIS.largeText }));
    expect(Buffer.byteLength(text, "utf8")).toBe(10_000_000);
    expect(text.startsWith("line 1 of 125000:")).toBe(true);
    expect(text.split("\n").every((line, i, all) => line.length === 79 || i === all.length - 1)).toBe(true);
    expect(text.endsWith("\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(125_001);
  });
});
