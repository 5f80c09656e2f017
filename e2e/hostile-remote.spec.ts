/**
 * Issue 21, through the running app: a hostile or broken remote server gets nothing and breaks
 * nothing. A second instance of the built app (short request timeouts, a heap it can report,
 * `--expose-gc`) talks to e2e/fixtures/servers/hostile-remote.ts over real loopback sockets; the
 * fixture's "collector" authorization server on another origin records every request it gets.
 * API calls only (plus one event stream): what is asserted is what the backend does.
 */
import type { SessionSummary } from "../lib/api/contract";
import { freePort, startFixtureHttp, type HttpServerHandle } from "../server/testing/http-servers";
import { expect, test } from "./fixtures";
import { appHeapAfterGc, startAppProcess, stopAppProcess } from "./support/app-process";

const TOKEN = "hostile-remote-e2e-token";
const SECRET = "user-secret-5e71";
const OWN_AUTHORIZATION = "Bearer user-own-token-9c2d";
// Generous: a loaded CI machine parses the big-ids attack (40 MB a read) slowly; the timeout tests
// below measure against this value, whatever it is.
const TIMEOUT_MS = 8_000;

let app: Awaited<ReturnType<typeof startAppProcess>> | undefined;
let hostile: HttpServerHandle | undefined;
let base = "";
let authPort = 0;
const auth = { Authorization: `Bearer ${TOKEN}` };

interface Seen {
  port: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  authPort = await freePort();
  const port = await freePort();
  [hostile, app] = await Promise.all([
    startFixtureHttp("e2e/fixtures/servers/hostile-remote.ts", [], {
      AUTH_PORT: String(authPort),
      BIG_ID_COUNT: "4",
    }),
    startAppProcess(port, TOKEN, {
      MCP_INSPECTOR_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      MCP_INSPECTOR_CONNECT_TIMEOUT_MS: String(TIMEOUT_MS),
      MCP_INSPECTOR_MEMORY_SIGNAL: "1",
      NODE_OPTIONS: "--expose-gc --max-old-space-size=1536",
    }),
  ]);
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await Promise.all([app ? stopAppProcess(app) : undefined, hostile?.stop()]);
});

/** The fields these tests read from the API's answers (each route answers some of them). */
interface Body {
  id?: string;
  error?: { message: string };
  authorizationUrl?: string | null;
  contents?: { text?: string }[];
  auth?: { status: string };
  resources?: unknown[];
  sessions?: SessionSummary[];
  entries?: { rpcId?: string | number }[];
  lines?: string[];
}

const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { ...auth, ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
};

const connect = (body: object) => api("/api/sessions", { method: "POST", body });
const seen = async (): Promise<Seen[]> => (await (await fetch(`${hostile!.url}/__seen`)).json()) as Seen[];

/** Follows the authorization URL the way a browser would: the collector consents at once, then our callback. */
async function signIn(id: string): Promise<{ status: number; page: string }> {
  const { body } = await api(`/api/sessions/${id}/auth/sign-in`, { method: "POST" });
  const authorizationUrl = body.authorizationUrl ?? "";
  expect(authorizationUrl).toMatch(new RegExp(`^http://localhost:${authPort}/`));
  const consent = await fetch(authorizationUrl, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = await fetch(consent.headers.get("location")!, { redirect: "manual" });
  return { status: callback.status, page: await callback.text() };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = Date.now();
  const value = await run();
  return { ms: Date.now() - t0, value };
}

test("the user's headers reach only the server's origin; sign-in through another origin (well-known and custom metadata paths) works and refreshes", async () => {
  test.setTimeout(60_000);
  for (const path of ["/leak/mcp", "/custom-prm/mcp"]) {
    const created = await connect({ url: `${hostile!.url}${path}`, headers: { "X-Api-Key": SECRET } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id!;
    const back = await signIn(id);
    expect(back.status, back.page).toBe(200);
    const read = await api(`/api/sessions/${id}/read?uri=${encodeURIComponent("leak://note")}`);
    expect(read.body.contents?.[0]?.text).toBe("signed in");
    // The token lives 2 s: a read after that refreshes it first (a second /token call).
    await new Promise((r) => setTimeout(r, 2_200));
    expect((await api(`/api/sessions/${id}/read?uri=${encodeURIComponent("leak://note")}`)).status).toBe(200);
    expect((await api(`/api/sessions/${id}`, { method: "DELETE" })).status).toBe(204);
  }

  const all = await seen();
  const toCollector = all.filter((s) => s.port === authPort);
  // Metadata, registration, both token calls, for both servers: all of them reached the collector…
  expect(toCollector.filter((s) => s.path === "/token").length).toBeGreaterThanOrEqual(4);
  expect(toCollector.some((s) => s.path === "/register")).toBe(true);
  expect(toCollector.some((s) => s.path.startsWith("/.well-known/"))).toBe(true);
  // …and not one of them carried a header the user gave for the MCP server.
  for (const s of toCollector) {
    expect(JSON.stringify(s.headers), `${s.method} ${s.path}`).not.toContain(SECRET);
    expect(s.headers["x-api-key"]).toBeUndefined();
  }
  // The server itself got the user's header, and the OAuth token (not replaced by anything).
  const toServer = all.filter(
    (s) => s.port === hostile!.port && s.path === "/leak/mcp" && s.method === "POST",
  );
  expect(
    toServer.some(
      (s) => s.headers["x-api-key"] === SECRET && s.headers.authorization === "Bearer collector-token-3b9e",
    ),
  ).toBe(true);

  // Which headers go where, when the user brings an Authorization header of their own: with OAuth
  // settings too, refused at review; alone, it is sent as is and OAuth never starts.
  const both = await connect({
    url: `${hostile!.url}/leak/mcp`,
    headers: { Authorization: OWN_AUTHORIZATION },
    auth: { clientId: "pre-registered" },
  });
  expect(both.status).toBe(400);
  expect(both.body.error?.message).toContain(
    "Give either an Authorization header or OAuth sign-in settings, not both",
  );
  const before = (await seen()).filter((s) => s.port === authPort).length;
  const own = await timed(() =>
    connect({ url: `${hostile!.url}/leak/mcp`, headers: { Authorization: OWN_AUTHORIZATION } }),
  );
  expect(own.value.status).toBe(502);
  expect(own.value.body.error?.message).toContain(
    "answered 401 Unauthorized to the Authorization header you gave",
  );
  expect(own.ms).toBeLessThan(2_000);
  expect((await seen()).filter((s) => s.port === authPort)).toHaveLength(before);
});

test("a missing or refused OAuth document fails in under 2 s and says which, and what to do; OpenID-only discovery reaches consent", async () => {
  const realm = await timed(() =>
    connect({ url: `${hostile!.url}/realm/mcp`, headers: { "X-Api-Key": "wrong" } }),
  );
  expect(realm.value.status).toBe(502);
  expect(realm.value.body.error?.message).toContain(
    "publishes no OAuth metadata: no protected-resource document (RFC 9728",
  );
  expect(realm.value.body.error?.message).toContain(
    "add its API key or an Authorization header in the review step",
  );
  expect(realm.ms).toBeLessThan(2_000);

  const foreign = await timed(() => connect({ url: `${hostile!.url}/foreign-prm/mcp` }));
  expect(foreign.value.status).toBe(502);
  expect(foreign.value.body.error?.message).toContain(
    `names its OAuth metadata at http://localhost:${authPort}/prm, on another origin than the server`,
  );
  expect(foreign.ms).toBeLessThan(2_000);
  expect((await seen()).some((s) => s.port === authPort && s.path === "/prm")).toBe(false);

  const oidc = await timed(() => connect({ url: `${hostile!.url}/oidc/mcp` }));
  expect(oidc.value.status, JSON.stringify(oidc.value.body)).toBe(201);
  expect(oidc.value.body.auth?.status).toBe("needs-sign-in");
  expect(oidc.ms).toBeLessThan(2_000);
  await api(`/api/sessions/${oidc.value.body.id!}`, { method: "DELETE" });
});

test("a token endpoint that never answers fails the sign-in at the request timeout, naming the step", async () => {
  const created = await connect({ url: `${hostile!.url}/silent-token/mcp` });
  expect(created.status).toBe(201);
  const { ms, value } = await timed(() => signIn(created.body.id!));
  expect(value.status).toBe(502);
  expect(value.page).toContain("Sign-in failed");
  expect(value.page).toContain(
    `token exchange (authorization code → tokens) got no answer from http://localhost:${authPort} within ${TIMEOUT_MS} ms`,
  );
  expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 200);
  expect(ms).toBeLessThan(TIMEOUT_MS + 3_000);
  await api(`/api/sessions/${created.body.id!}`, { method: "DELETE" });
});

test("the event stream is re-opened after a response ended it, with Last-Event-ID, and notifications flow again", async () => {
  const created = await connect({ url: `${hostile!.url}/stream-ends/mcp` });
  expect(created.status).toBe(201);
  const id = created.body.id!;
  // The second stream's list_changed makes the session re-list: the list has grown to two.
  await expect
    .poll(async () => (await api(`/api/sessions/${id}/resources`)).body.resources?.length, {
      timeout: 10_000,
    })
    .toBe(2);
  const gets = (await seen()).filter((s) => s.path === "/stream-ends/mcp" && s.method === "GET");
  expect(gets.length).toBeGreaterThanOrEqual(2);
  expect(gets[1]?.headers["last-event-id"]).toBe("e1");
  const summary = (await api("/api/sessions")).body.sessions?.find((s) => s.id === id);
  expect(summary?.transport).toMatchObject({ kind: "http", streamLost: false });
  const stderr = await api(`/api/sessions/${id}/stderr`);
  const lines = (stderr.body.lines ?? []).join("\n");
  expect(lines).toContain("the event stream was lost (the server ended it); re-opening it with backoff");
  expect(lines).toContain("the event stream is open again");
  await api(`/api/sessions/${id}`, { method: "DELETE" });
});

test("bad bytes and bad launches get a 4xx/502 that says so; a server that hangs after initialize costs one timeout", async () => {
  const bad = await connect({ url: `${hostile!.url}/bad-json/mcp` });
  expect(bad.status).toBe(201);
  const list = await api(`/api/sessions/${bad.body.id!}/resources?refresh=1`);
  expect(list.status).toBe(502);
  expect(list.body.error?.message).toMatch(/answered with a body that is not valid JSON: .*"this is \{/);
  await api(`/api/sessions/${bad.body.id!}`, { method: "DELETE" });

  for (const body of [{ command: "\u0000" }, { command: "node", args: ["a\u0000b"] }]) {
    const refused = await connect(body);
    expect(refused.status, JSON.stringify(body)).toBe(400);
    expect(refused.body.error?.message).toContain("NUL");
  }

  const hang = await connect({ url: `${hostile!.url}/hang-after-init/mcp` });
  expect(hang.status).toBe(201);
  const first = await timed(() => api(`/api/sessions/${hang.body.id!}/resources`));
  expect(first.value.status).toBe(504);
  expect(first.ms).toBeLessThan(TIMEOUT_MS * 1.6);
  await api(`/api/sessions/${hang.body.id!}`, { method: "DELETE" });
});

test("a server that sends a hundred and more 10 MB ids leaves the heap under 300 MB after GC, and the app answering", async () => {
  test.setTimeout(120_000);
  // A tab's event stream is open: every traffic summary goes to it, as in the attack.
  const events = new AbortController();
  const stream = await fetch(`${base}/api/events`, { headers: auth, signal: events.signal });
  const draining = (async () => {
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) break;
  })().catch(() => undefined);
  try {
    const created = await connect({ url: `${hostile!.url}/big-ids/mcp` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id!;
    // Each answer is preceded by 4 unsolicited responses with 10 MB ids: 40 MB a request, 1 GB in
    // all (kept whole, the ids alone would be 1 GB: more than 300 MB, near this app's heap limit).
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      const read = await timed(() => api(`/api/sessions/${id}/read?uri=${encodeURIComponent("big://one")}`));
      expect(read.value.status, JSON.stringify(read.value.body)).toBe(200);
      times.push(read.ms);
    }
    const heap = await heapAfterGc();
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    console.log(
      `[hostile] 25 reads behind 4 × 10 MB ids: median ${median} ms; heap after GC ${(heap / 2 ** 20).toFixed(0)} MB`,
    );
    expect(heap).toBeLessThan(300 * 1024 * 1024);
    expect((await api("/api/health")).status).toBe(200);
    // The traffic log kept every message, each id cut to 256 characters.
    const traffic = await api(`/api/sessions/${id}/traffic`);
    const ids = (traffic.body.entries ?? []).map((e) => String(e.rpcId ?? ""));
    expect(ids.some((rpcId) => rpcId.endsWith("characters)"))).toBe(true);
    expect(Math.max(...ids.map((rpcId) => rpcId.length))).toBeLessThanOrEqual(256);
    await api(`/api/sessions/${id}`, { method: "DELETE" });
  } finally {
    events.abort();
    await draining;
  }
});

const heapAfterGc = () => appHeapAfterGc(app!);
