/**
 * Issue #9 end to end: the built app attacked the way docs/SECURITY.md says it can be — by a web
 * page on another loopback port, by DNS rebinding, by a token put in the wrong place, and by a
 * hostile server whose SVG, HTML and markdown are opened in the page, in new tabs and through
 * window.open. Every guarantee is checked where a user meets it: real HTTP, real Chromium.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_PORT } from "../playwright.config";
import { DEMO_SAMPLE_URIS as S } from "../server/demo/uris";
import { expect, test } from "./fixtures";
import { rawRequest } from "./support/raw-http";

const APP = `http://127.0.0.1:${E2E_PORT}`;
type Canary = Window & { __pwned?: unknown };

/** Where a tab's canary stands: set or not, and in which origin. */
async function tabState(page: Page): Promise<{ origin: string; canary: unknown; url: string }> {
  const url = page.url();
  try {
    const { origin, canary } = await page.evaluate(() => ({
      origin: self.origin,
      canary: (window as Canary).__pwned,
    }));
    return { origin, canary, url };
  } catch {
    // A page the browser refused to show (an error page) runs nothing of ours or theirs.
    return { origin: "unreachable", canary: undefined, url };
  }
}

test.afterEach(async ({ api }) => api.deleteAll());

test("a hostile page on another loopback port can neither call, embed nor stream the app", async ({
  page,
  api,
}) => {
  // The attacker's page: every cross-site trick a browser allows, results written into the page.
  const attack = `<!doctype html><meta charset="utf-8"><title>attacker</title>
<iframe name="sink" id="sink"></iframe>
<iframe id="embed" src="${APP}/"></iframe>
<form id="form" method="POST" action="${APP}/api/sessions" enctype="text/plain" target="sink">
  <input name='{"preset":"demo","x":"' value='"}'>
</form>
<script>
window.results = {};
const r = (k, v) => { window.results[k] = v; };
(async () => {
  try { const x = await fetch("${APP}/api/sessions"); r("fetch", "status " + x.status); }
  catch (e) { r("fetch", "blocked"); }
  try { const x = await fetch("${APP}/api/sessions", { headers: { Authorization: "Bearer guess" } }); r("fetchToken", "status " + x.status); }
  catch (e) { r("fetchToken", "blocked"); }
  try {
    const x = await fetch("${APP}/api/sessions", { method: "POST", mode: "no-cors",
      headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ preset: "demo" }) });
    r("noCors", "opaque " + x.type);
  } catch (e) { r("noCors", "blocked"); }
  document.getElementById("form").submit();
  await new Promise((ok) => {
    const es = new EventSource("${APP}/api/events");
    es.onmessage = () => { r("eventSource", "message"); es.close(); ok(); };
    es.onerror = () => { r("eventSource", "error"); es.close(); ok(); };
  });
  try { document.getElementById("embed").contentWindow.document.title; r("embedRead", "read"); }
  catch (e) { r("embedRead", "blocked"); }
  r("done", true);
})();
</script>`;
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(attack);
  });
  await new Promise<void>((ok) => attacker.listen(0, "127.0.0.1", ok));
  const port = (attacker.address() as AddressInfo).port;
  try {
    const before = (await api.sessions()).length;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect
      .poll(() => page.evaluate(() => (window as Window & { results?: { done?: boolean } }).results?.done), {
        timeout: 20_000,
      })
      .toBe(true);
    const results = await page.evaluate(
      () => (window as Window & { results?: Record<string, unknown> }).results ?? {},
    );
    // CORS hides the answers (blocked) or the gate refuses (403): never a 2xx the page can read.
    expect(results.fetch).toMatch(/^(blocked|status 40[13])$/);
    expect(results.fetchToken).toMatch(/^(blocked|status 40[13])$/);
    expect(results.noCors).toMatch(/^(blocked|opaque opaque)$/);
    expect(results.eventSource).toBe("error");
    expect(results.embedRead).toBe("blocked");
    // The app never rendered inside the attacker's frame (frame-ancestors 'none', X-Frame-Options).
    for (const frame of page.frames()) {
      const title = await frame.evaluate(() => document.title).catch(() => "unreachable");
      expect(title).not.toBe("MCP Resource Inspector");
    }
    // Neither the no-cors POST nor the form started anything.
    await page.waitForTimeout(500);
    expect((await api.sessions()).length).toBe(before);
  } finally {
    attacker.closeAllConnections();
    await new Promise((ok) => attacker.close(ok));
  }
});

test("DNS-rebinding Host values, foreign Origins and a token anywhere but the header are refused", async ({
  auth,
  token,
}) => {
  const rebinding = [
    "evil.example",
    `evil.example:${E2E_PORT}`,
    `127.0.0.1.nip.io:${E2E_PORT}`,
    `localhost.evil.example:${E2E_PORT}`,
    `0.0.0.0:${E2E_PORT}`,
    `2130706433:${E2E_PORT}`,
    `127.1:${E2E_PORT}`,
    `127.0.0.1:${E2E_PORT + 7}`,
    `[::ffff:127.0.0.1]:${E2E_PORT}`,
  ];
  for (const host of rebinding) {
    for (const path of ["/", "/api/health", "/api/sessions", `/frame/${"a".repeat(43)}`]) {
      const res = await rawRequest(path, { headers: { ...auth, Host: host } });
      expect(res.status, `${host} ${path}`).toBe(403);
      expect(JSON.parse(res.body), `${host} ${path}`).toMatchObject({ error: { code: "forbidden" } });
    }
  }
  const origins = [
    "http://evil.example",
    `http://127.0.0.1:${E2E_PORT + 7}`,
    "null",
    `https://127.0.0.1:${E2E_PORT}`,
  ];
  for (const origin of origins) {
    const res = await rawRequest("/api/sessions", { headers: { ...auth, Origin: origin } });
    expect(res.status, origin).toBe(403);
  }
  const misplaced: [string, Record<string, string>][] = [
    [`/api/sessions?token=${token}`, {}],
    ["/api/sessions", { Cookie: `token=${token}` }],
    ["/api/sessions", { "X-Api-Key": token }],
    ["/api/sessions", { Authorization: token }],
    ["/api/sessions", { Authorization: `Basic ${Buffer.from(`x:${token}`).toString("base64")}` }],
    ["/api/sessions", { Authorization: `Bearer ${token}x` }],
    // The token is checked before anything else: a path Next cannot decode still answers 401.
    ["/api/sessions/%ff", {}],
    ["/api/nowhere", {}],
  ];
  for (const [path, headers] of misplaced) {
    const res = await rawRequest(path, { headers });
    expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "unauthorized" } });
  }
  // With the token: a clear 4xx in the envelope, never Next's plain-text 500.
  for (const [path, status] of [
    ["/api/sessions/%ff", 400],
    ["/api/sessions/%00abc", 400],
    ["/api/nowhere", 404],
    ["/api/sessions/nosuchsession1", 404],
  ] as const) {
    const res = await rawRequest(path, { headers: auth });
    expect(res.status, path).toBe(status);
    expect(res.headers["content-type"], path).toMatch(/^application\/json/);
    expect(JSON.parse(res.body), path).toHaveProperty("error.code");
  }
  // A method a route does not take: Next's bodiless 405 still reads as the envelope.
  const put = await rawRequest("/api/sessions", { method: "PUT", headers: auth });
  expect(put.status).toBe(405);
  expect(JSON.parse(put.body)).toMatchObject({ error: { code: "bad_request" } });
  // Bodies: exactly application/json, and nothing over 1 MB is read (declared or streamed).
  const post = (headers: Record<string, string>, body: string | Buffer) =>
    rawRequest("/api/sessions", { method: "POST", headers: { ...auth, ...headers }, body });
  expect((await post({ "Content-Type": "text/plain; x=application/json" }, "{}")).status).toBe(415);
  expect((await post({ "Content-Type": "application/jsonx" }, "{}")).status).toBe(415);
  // Declared too large: refused before a byte of it is read.
  const declared = await rawRequest("/api/sessions", {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
  });
  expect(declared.status).toBe(413);
  // Streamed with no length: refused once 1 MB has been read (413, or the connection cut while
  // the rest is still being sent), and the app answers the next request as ever.
  expect(await postStreamed(2 * 1024 * 1024, auth)).toMatch(/^(413|reset)$/);
  expect((await rawRequest("/api/health")).status).toBe(200);
});

/** POST `bytes` of JSON whitespace in chunks, without a Content-Length. */
function postStreamed(bytes: number, auth: Readonly<Record<string, string>>): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path: "/api/sessions",
        method: "POST",
        agent: false,
        headers: { ...auth, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve(String(res.statusCode));
      },
    );
    req.on("error", () => resolve("reset"));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

test("hostile SVG, HTML and markdown never run in our origin: in the page, in new tabs, or via window.open", async ({
  page,
  context,
  inspector,
  api,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/.test(m.text()) && /_next/.test(m.text()))
      violations.push(m.text());
  });
  const id = await api.startDemo();
  const tabs: Page[] = [];
  context.on("page", (p) => {
    if (p !== page) tabs.push(p);
  });

  // Markdown: rendered as React elements; its javascript:/data: links are text.
  await inspector.openUri(id, S.markdown);
  await expect(
    inspector.contentItem.getByRole("heading", { name: "Markdown with hostile parts" }),
  ).toBeVisible();
  await expect(inspector.contentItem.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);

  // SVG: shown through <img> from a data: URL, never a blob: URL of our origin.
  await inspector.openUri(id, S.svg);
  const img = inspector.contentItem.getByRole("img", { name: S.svg });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(160);
  const svgSrc = (await img.getAttribute("src"))!;
  expect(svgSrc).toMatch(/^data:image\/svg\+xml/);
  await page.evaluate((src) => window.open(src, "_blank"), svgSrc);

  // HTML preview, scripts on: they run only inside the frame's opaque origin.
  await inspector.openUri(id, S.html);
  await inspector.contentItem.getByRole("button", { name: "Preview" }).click();
  await inspector.contentItem.getByRole("checkbox", { name: /run its scripts/i }).check();
  const frame = inspector.contentItem.locator('iframe[title="HTML preview (sandboxed)"]');
  await expect(page.frameLocator('iframe[title="HTML preview (sandboxed)"]').locator("#status")).toHaveText(
    "This script ran, inside the sandbox only.",
  );
  const frameSrc = (await frame.getAttribute("src"))!;
  expect(frameSrc).toMatch(/^\/frame\/[A-Za-z0-9_-]{43}$/);
  const inner = page.frames().find((f) => f.url().includes(frameSrc))!;
  expect(await inner.evaluate(() => self.origin)).toBe("null");
  expect(await inner.evaluate(() => (window as Canary).__pwned)).toBe(true);
  // The frame's URL opened as a page of its own: still sandboxed, and inert.
  await page.evaluate((src) => window.open(src, "_blank"), frameSrc);
  const direct = await context.newPage();
  tabs.push(direct);
  const frameResponse = await direct.goto(`${APP}${frameSrc}`);
  expect(frameResponse?.headers()["content-security-policy"]).toMatch(/^sandbox;/);
  await expect(direct.locator("#status")).toHaveText(/did not run/);
  // The content route's URL opened in a tab: no token there, so a 401 envelope, sandboxed.
  const contentTab = await context.newPage();
  tabs.push(contentTab);
  const contentUrl = `${APP}/api/sessions/${id}/content?${new URLSearchParams({ uri: S.svg, index: "0" }).toString()}`;
  expect((await contentTab.goto(contentUrl))?.status()).toBe(401);

  await expect.poll(() => tabs.length).toBeGreaterThanOrEqual(4);
  for (const tab of tabs) {
    await tab.waitForLoadState().catch(() => undefined);
    const state = await tabState(tab);
    expect(state.canary, `canary in ${state.url} (${state.origin})`).toBeUndefined();
    // Nothing of the server's is a document of our origin holding our storage.
    if (state.origin === APP) expect(state.url).toMatch(/^about:blank|^http/);
  }
  expect(await inspector.canary()).toBeUndefined();
  expect(violations).toEqual([]);
  for (const tab of tabs) await tab.close();
});

test("every route's security headers, as the browser receives them", async ({
  page,
  request,
  api,
  auth,
  token,
}) => {
  const id = await api.startDemo();
  const pageResponse = await page.goto(`/?token=${token}`);
  const pageHeaders = pageResponse!.headers();
  const csp = pageHeaders["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(pageHeaders["x-frame-options"]).toBe("DENY");
  // Every script Next wrote carries this answer's nonce, and the app runs (hydrated) under it.
  const scripts = await page
    .locator("script")
    .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: /try the demo server/i })).toBeVisible();
  // A second load gets another nonce.
  const again = (await request.get("/")).headers()["content-security-policy"];
  expect(again).not.toContain(nonce!);

  const svg = encodeURIComponent(S.svg);
  const routes = [
    "/api/health",
    "/api/presets",
    "/api/sessions",
    `/api/sessions/${id}`,
    `/api/sessions/${id}/resources`,
    `/api/sessions/${id}/templates`,
    `/api/sessions/${id}/stderr`,
    `/api/sessions/${id}/traffic`,
    `/api/sessions/${id}/watches`,
    `/api/sessions/${id}/tools`,
    `/api/sessions/${id}/read?uri=${svg}`,
    `/api/sessions/${id}/content?uri=${svg}&index=0`,
    `/api/sessions/${id}/recording`,
    "/api/checks",
    "/api/nowhere",
  ];
  const seen = await page.evaluate(
    async ({ routes, token }) => {
      const out: Record<string, { status: number; headers: Record<string, string>; bytes: number }> = {};
      for (const r of routes) {
        const res = await fetch(r, { headers: { Authorization: `Bearer ${token}` } });
        const bytes = (await res.arrayBuffer()).byteLength;
        out[r] = { status: res.status, headers: Object.fromEntries(res.headers), bytes };
      }
      return out;
    },
    { routes, token },
  );
  for (const r of routes) {
    const { status, headers, bytes } = seen[r]!;
    expect(status, r).toBeLessThan(500);
    expect(headers["content-security-policy"], r).toMatch(/sandbox/);
    expect(headers["content-security-policy"], r).toContain("default-src 'none'");
    expect(headers["x-content-type-options"], r).toBe("nosniff");
    expect(headers["cache-control"], r).toBe("no-store");
    expect(headers["referrer-policy"], r).toBe("no-referrer");
    if (r.includes("/content?")) {
      expect(headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(Number(headers["content-length"])).toBe(bytes);
    }
  }
  // Reads after the route's first load are answered by the launcher's fast lane
  // (server/http/fast-lane.ts), not by Next: the same bodies, statuses and headers, errors too.
  const reads = await page.evaluate(
    async ({ id, svg, token }) => {
      const paths = [
        `/api/sessions/${id}/read?uri=${svg}`,
        `/api/sessions/${id}/read?uri=${svg}`,
        `/api/sessions/${id}/read?uri=${encodeURIComponent("demo://nowhere")}`,
        `/api/sessions/${id}/read`,
        `/api/sessions/AAAAAAAAAAAA/read?uri=${svg}`,
      ];
      const out = [];
      for (const p of paths) {
        const res = await fetch(p, { headers: { Authorization: `Bearer ${token}` } });
        out.push({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
      }
      const anonymous = await fetch(paths[0]!);
      out.push({
        status: anonymous.status,
        headers: Object.fromEntries(anonymous.headers),
        body: await anonymous.text(),
      });
      return out;
    },
    { id, svg, token },
  );
  expect(reads.map((r) => r.status)).toEqual([200, 200, 404, 400, 404, 401]);
  expect(reads[1]!.body).toBe(reads[0]!.body);
  expect(JSON.parse(reads[2]!.body)).toMatchObject({ error: { code: "not_found", mcpCode: -32002 } });
  expect(JSON.parse(reads[3]!.body)).toMatchObject({ error: { code: "bad_request" } });
  expect(JSON.parse(reads[4]!.body)).toMatchObject({ error: { code: "not_found" } });
  for (const { headers, body } of reads) {
    for (const name of ["content-security-policy", "x-frame-options", "x-content-type-options"])
      expect(headers[name], name).toBe(seen[routes[0]!]!.headers[name]);
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["content-type"]).toBe("application/json");
    if (headers["content-length"]) expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
  }
  // The frame route's own sandbox CSP reaches the browser, and only our page may frame it.
  const frame = await request.post(`/api/sessions/${id}/frames`, {
    headers: { ...auth, "Content-Type": "application/json" },
    data: { uri: S.html, kind: "html", scripts: true },
  });
  expect(frame.status()).toBe(201);
  const { url } = (await frame.json()) as { url: string };
  const served = await request.get(url, { headers: { "Sec-Fetch-Dest": "iframe" } });
  expect(served.headers()["content-security-policy"]).toMatch(
    /^sandbox allow-scripts;.*frame-ancestors 'self'/,
  );
  expect(Number(served.headers()["content-length"])).toBe((await served.body()).byteLength);
  expect((await request.get(`/frame/${"x".repeat(43)}`)).status()).toBe(404);
});

test("file-taking fields stay in the checks root and never echo a file, through the running app", async ({
  request,
  auth,
  token,
}) => {
  const headers = { ...auth, "Content-Type": "application/json" };
  const check = { version: 1, name: "x", server: { preset: "demo", env: {} }, timeoutMs: 5000, steps: [] };
  const refused = async (res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) => {
    expect(res.status(), what).toBe(400);
    const body = await res.text();
    expect(JSON.parse(body), what).toHaveProperty("error.code", "bad_request");
    // Never a byte of the file asked for: /etc/passwd's first entry, os-release's keys.
    expect(body, what).not.toMatch(/root:x:0:0|PRETTY_NAME|VERSION_ID/);
  };
  for (const folder of [
    "../../tmp/x",
    "/tmp/x",
    "a/../../b",
    "a\u0000b",
    ".hidden",
    "/proc/self",
    "/etc/passwd",
  ]) {
    await refused(
      await request.post("/api/checks", { headers, data: { check, folder, overwrite: true } }),
      `save ${folder}`,
    );
    await refused(
      await request.get(`/api/checks?${new URLSearchParams({ folder }).toString()}`, { headers: auth }),
      `list ${folder}`,
    );
  }
  for (const filename of [".", "..", ".x", "../x"]) {
    await refused(
      await request.post("/api/checks", { headers, data: { check, filename } }),
      `filename ${filename}`,
    );
  }
  for (const file of ["/etc/passwd", "../../../../etc/passwd", "/etc/os-release"]) {
    await refused(await request.post("/api/checks/run", { headers, data: { files: [file] } }), `run ${file}`);
    await refused(
      await request.post("/api/checks/run", { headers, data: { files: ["none.check.json"], envFile: file } }),
      `env file ${file}`,
    );
  }
  // Symlinks in the root that lead out of it: neither written through nor listed through.
  const root = path.resolve("mcp-checks");
  const outside = mkdtempSync(path.join(os.tmpdir(), "outside-"));
  const name = `e2e-symlink-${process.pid}`;
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(outside, "victim.check.json"), "precious");
  symlinkSync(outside, path.join(root, name));
  symlinkSync(path.join(outside, "victim.check.json"), path.join(root, `${name}.check.json`));
  try {
    await refused(
      await request.post("/api/checks", { headers, data: { check, folder: name } }),
      "folder link",
    );
    await refused(await request.get(`/api/checks?folder=${name}`, { headers: auth }), "list link");
    const over = await request.post("/api/checks", {
      headers,
      data: { check, filename: name, overwrite: true },
    });
    expect(over.status(), "overwrite through a file link").toBeGreaterThanOrEqual(400);
    expect(over.status()).toBeLessThan(500);
    expect(readFileSync(path.join(outside, "victim.check.json"), "utf8")).toBe("precious");
  } finally {
    rmSync(path.join(root, name), { force: true });
    rmSync(path.join(root, `${name}.check.json`), { force: true });
    rmSync(outside, { recursive: true, force: true });
  }
  // The inspector's own secrets are never resolvable, and no value comes back.
  const leak = await request.post("/api/checks/run", {
    headers,
    data: { check: { ...check, server: { command: "${MCP_INSPECTOR_TOKEN}", args: [], env: {} } } },
  });
  expect(await leak.text()).not.toContain(token);
  const list = await request.get("/api/sessions", { headers: auth });
  expect(await list.text()).not.toContain(token);
});
