/**
 * OAuth 2.1 sign-in of a remote server (issue 11), through the real routes — create, sign-in,
 * the browser's consent on the fixture's authorization server (driven with fetch, as a browser
 * would), the callback page, resources — against the OAuth fixture over real HTTP.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AuthStateResponse, SignInResponse } from "@/lib/api/oauth";
import { serverKey, tokenStore } from "@/server/mcp/oauth/token-store";
import { callbackUrl } from "@/server/mcp/oauth/provider";
import { startFixtureHttp } from "@/server/testing/http-servers";
import { startOAuthFixture, type OAuthFixture } from "@/server/testing/oauth-cli";
import { call, callJson, TEST_PORT } from "@/server/testing/route-client";
import { trackedServers } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-oauth-flow-"));
process.env.MCP_INSPECTOR_CONFIG_DIR = path.join(dir, "config");
process.env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS = "10000";

const sessionsRoute = await import("@/app/api/sessions/route");
const sessionRoute = await import("@/app/api/sessions/[id]/route");
const resourcesRoute = await import("@/app/api/sessions/[id]/resources/route");
const readRoute = await import("@/app/api/sessions/[id]/read/route");
const authRoute = await import("@/app/api/sessions/[id]/auth/route");
const signInRoute = await import("@/app/api/sessions/[id]/auth/sign-in/route");
const signOutRoute = await import("@/app/api/sessions/[id]/auth/sign-out/route");
const callbackRoute = await import("./callback/route");

const tracked = trackedServers();
type Fixture = OAuthFixture;
interface Summary {
  id: string;
  status: string;
  error?: { message: string };
  auth?: { status: string; remember: boolean; steps: number };
}

async function startOauth(env: Record<string, string> = {}): Promise<Fixture> {
  const f = await startOAuthFixture(dir, env);
  tracked.track(f.server);
  return f;
}

type IdRoute = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const get = <T>(handler: IdRoute, id: string, query = "") =>
  callJson<T, { id: string }>(handler, { params: { id }, path: `/x${query}` });
const post = <T>(handler: IdRoute, id: string) =>
  callJson<T, { id: string }>(handler, { method: "POST", params: { id } });

async function connect(body: object): Promise<Summary> {
  const res = await callJson<Summary>(sessionsRoute.POST, { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The browser's part: the consent page, Approve, and the Location it is sent back to. */
async function consent(authorizationUrl: string): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const approved = await fetch(new URL("/consent", authorizationUrl), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request_id: requestId, decision: "approve" }).toString(),
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get("location") ?? "");
}

/** Arrive at the callback page as the browser does: a navigation, no token. */
const callback = (location: URL) =>
  call(callbackRoute.GET, { path: `${location.pathname}${location.search}`, token: null });

async function signIn(id: string): Promise<{ authorizationUrl: URL; location: URL; page: Response }> {
  const res = await post<SignInResponse>(signInRoute.POST, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const authorizationUrl = new URL(res.body.authorizationUrl ?? "");
  const location = await consent(authorizationUrl.href);
  const page = await callback(location);
  return { authorizationUrl, location, page };
}

async function readNote(id: string): Promise<string | undefined> {
  const list = await get<{ resources: { uri: string }[] }>(resourcesRoute.GET, id);
  expect(list.status).toBe(200);
  expect(list.body.resources.map((r) => r.uri)).toEqual(["secret://note"]);
  const read = await get<{ contents: { text?: string }[] }>(readRoute.GET, id, "?uri=secret%3A%2F%2Fnote");
  expect(read.status).toBe(200);
  return read.body.contents[0]?.text;
}

const summaryOf = async (id: string) => (await get<Summary>(sessionRoute.GET, id)).body;
const authState = async (id: string) => (await get<AuthStateResponse>(authRoute.GET, id)).body;

afterAll(async () => {
  const { body } = await callJson<{ sessions: Summary[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  try {
    await tracked.stopAll();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("OAuth sign-in of a remote server", () => {
  it("connect → needs sign-in → consent (PKCE S256, resource) → callback → listed and read; the steps show the flow and no token", async () => {
    const f = await startOauth();
    const created = await connect({ url: f.mcpUrl });
    expect(created.status).toBe("disconnected");
    expect(created.auth?.status).toBe("needs-sign-in");
    expect(created.error?.message).toMatch(/needs sign-in/);

    const { authorizationUrl, location, page } = await signIn(created.id);
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${f.authUrl}/authorize`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorizationUrl.searchParams.get("resource")).toBe(f.mcpUrl);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(
      `http://127.0.0.1:${TEST_PORT}/oauth/callback`,
    );
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await page.text()).toContain("Back to the inspector");

    expect((await summaryOf(created.id)).status).toBe("connected");
    expect(await readNote(created.id)).toBe("only for signed-in clients");

    const state = await authState(created.id);
    expect(state.status).toBe("signed-in");
    expect(state.clientId).toBeTruthy();
    expect(state.scope).toBe("mcp");
    expect(Date.parse(state.expiresAt ?? "")).toBeGreaterThan(Date.now());
    const text = state.log.map((s) => s.text).join("\n");
    expect(text).toContain(`/.well-known/oauth-protected-resource/mcp → 200`);
    expect(text).toContain(`Allowed ${f.authUrl} to be contacted for this server`);
    expect(text).toContain("/.well-known/oauth-authorization-server → 200");
    expect(text).toContain(`Registered client ${state.clientId}`);
    expect(text).toMatch(/PKCE S256/);
    // The token itself is nowhere in what the page can fetch: only its last 4 characters.
    const [token] = f.acceptedTokens();
    expect(token).toBeTruthy();
    expect(JSON.stringify(state)).not.toContain(token);
    expect(JSON.stringify(await summaryOf(created.id))).not.toContain(token);
    expect(text).toContain(`Bearer …${token?.slice(-4)}`);

    // The same callback again (a replay), or a made-up state, changes nothing.
    const replay = await callback(location);
    expect(replay.status).toBe(400);
    location.searchParams.set("state", "forged");
    expect((await callback(location)).status).toBe(400);
  });

  it("refreshes an access token before it expires and on a 401, and the session keeps reading", async () => {
    const f = await startOauth({ TOKEN_TTL_SECONDS: "2" });
    const { id } = await connect({ url: f.mcpUrl });
    const { page } = await signIn(id);
    expect(page.status).toBe(200);
    expect(await readNote(id)).toBe("only for signed-in clients");
    const first = f.acceptedTokens();
    expect(first).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 2_200));
    expect(await readNote(id)).toBe("only for signed-in clients");
    const after = f.acceptedTokens();
    expect(after.length).toBeGreaterThan(1);
    const text = (await authState(id)).log.map((s) => s.text).join("\n");
    expect(text).toMatch(/The access token is (expired|about to expire): refreshing it/);
    expect(text.match(/Access token received/g)?.length).toBeGreaterThanOrEqual(2);

    // A token the server expired before we expected (clock skew, revocation): its 401 makes the
    // SDK refresh and send the request again.
    tokenStore().update(serverKey(f.mcpUrl), false, { expiresAt: Date.now() + 3_600_000 });
    await new Promise((r) => setTimeout(r, 2_200));
    const before401 = f.acceptedTokens().length;
    expect(await readNote(id)).toBe("only for signed-in clients");
    expect(f.acceptedTokens().length).toBeGreaterThan(before401);
  });

  it("sign out forgets the tokens: the session ends and signing in needs consent again", async () => {
    const f = await startOauth();
    const { id } = await connect({ url: f.mcpUrl });
    await signIn(id);
    expect((await summaryOf(id)).status).toBe("connected");

    const out = await post<Summary>(signOutRoute.POST, id);
    expect(out.status).toBe(200);
    expect(out.body.status).toBe("disconnected");
    expect(out.body.auth?.status).toBe("needs-sign-in");
    expect((await authState(id)).expiresAt).toBeNull();

    // No token left to use: sign-in asks for consent again instead of connecting.
    const again = await post<SignInResponse>(signInRoute.POST, id);
    expect(again.body.authorizationUrl).toMatch(new RegExp(`^${f.authUrl}/authorize\\?`));
    expect((await summaryOf(id)).status).toBe("disconnected");
  });

  it("a revoked grant takes the session back to needs sign-in, not to an error", async () => {
    const f = await startOauth();
    const { id } = await connect({ url: f.mcpUrl });
    await signIn(id);
    expect(await readNote(id)).toBe("only for signed-in clients");
    const stored = tokenStore().get(serverKey(f.mcpUrl), false);
    // Registrations are kept per authorization server (issuer), tokens per server.
    const clientId = tokenStore().client(f.authUrl, false, callbackUrl())?.client_id ?? "";
    for (const token of [stored?.tokens?.access_token, stored?.tokens?.refresh_token]) {
      const revoked = await fetch(`${f.authUrl}/revoke`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: token ?? "", client_id: clientId }).toString(),
      });
      expect(revoked.status).toBe(200);
    }

    const list = await get<{ error: { code: string; message: string } }>(
      resourcesRoute.GET,
      id,
      "?refresh=1",
    );
    expect(list.status).toBe(409);
    expect(list.body.error.message).toMatch(/waiting for sign-in/);
    const summary = await summaryOf(id);
    expect(summary.status).toBe("disconnected");
    expect(summary.auth?.status).toBe("needs-sign-in");
    // And signing in again works.
    await signIn(id);
    expect(await readNote(id)).toBe("only for signed-in clients");
  });

  it("remember keeps the tokens in a 0600 file in the config directory, and sign out removes them", async () => {
    const f = await startOauth();
    const { id } = await connect({ url: f.mcpUrl, auth: { remember: true } });
    await signIn(id);
    expect(await readNote(id)).toBe("only for signed-in clients");
    const file = path.join(process.env.MCP_INSPECTOR_CONFIG_DIR ?? "", "tokens.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, "utf8")) as {
      servers: Record<string, { tokens?: { access_token: string } }>;
    };
    const [token] = f.acceptedTokens();
    expect(stored.servers[f.mcpUrl]?.tokens?.access_token).toBe(token);
    expect((await authState(id)).remember).toBe(true);

    await post(signOutRoute.POST, id);
    const after = JSON.parse(readFileSync(file, "utf8")) as { servers: Record<string, unknown> };
    expect(after.servers[f.mcpUrl]).toBeUndefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("a pre-registered client id is used as given: no dynamic registration", async () => {
    const f = await startOauth();
    const registered = await fetch(`${f.authUrl}/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "registered by hand",
        redirect_uris: [`http://127.0.0.1:${TEST_PORT}/oauth/callback`],
        token_endpoint_auth_method: "none",
      }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const { id } = await connect({ url: f.mcpUrl, auth: { clientId } });
    const { authorizationUrl, page } = await signIn(id);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(clientId);
    expect(page.status).toBe(200);
    expect(await readNote(id)).toBe("only for signed-in clients");
    const state = await authState(id);
    expect(state.clientId).toBe(clientId);
    const text = state.log.map((s) => s.text).join("\n");
    expect(text).toContain(`Using the pre-registered client ${clientId}`);
    expect(text).not.toContain("Registered client");
    expect(text).not.toContain(`POST ${f.authUrl}/register`);
  });

  it("a Client ID Metadata Document is the client id where the authorization server accepts one, else it registers", async () => {
    // The document, served over https on loopback with the fixture certificate the fixture trusts.
    const tls = "e2e/fixtures/tls";
    let fetched = 0;
    const host = https.createServer(
      { cert: readFileSync(`${tls}/cert.pem`), key: readFileSync(`${tls}/key.pem`) },
      (req, res) => {
        fetched++;
        const self = `https://127.0.0.1:${(host.address() as AddressInfo).port}/client.json`;
        if (req.url !== "/client.json") return void res.writeHead(404).end();
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            client_id: self,
            client_name: "Inspector by metadata document",
            redirect_uris: [`http://127.0.0.1:${TEST_PORT}/oauth/callback`],
            grant_types: ["authorization_code", "refresh_token"],
            response_types: ["code"],
            token_endpoint_auth_method: "none",
          }),
        );
      },
    );
    await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
    const documentUrl = `https://127.0.0.1:${(host.address() as AddressInfo).port}/client.json`;
    try {
      const f = await startOauth({ CIMD_CA: `${tls}/cert.pem` });
      const { id } = await connect({ url: f.mcpUrl, auth: { clientMetadataUrl: documentUrl } });
      const { authorizationUrl, page } = await signIn(id);
      expect(authorizationUrl.searchParams.get("client_id")).toBe(documentUrl);
      expect(fetched).toBeGreaterThan(0);
      expect(page.status).toBe(200);
      expect(await readNote(id)).toBe("only for signed-in clients");
      const state = await authState(id);
      expect(state.clientId).toBe(documentUrl);
      const text = state.log.map((s) => s.text).join("\n");
      expect(text).toContain(`Client id is the metadata document ${documentUrl}`);
      expect(text).not.toContain("Registered client");

      // An authorization server that does not say it accepts documents: dynamic registration.
      const plain = await startOauth();
      const other = await connect({ url: plain.mcpUrl, auth: { clientMetadataUrl: documentUrl } });
      const second = await signIn(other.id);
      expect(second.authorizationUrl.searchParams.get("client_id")).not.toBe(documentUrl);
      expect(await readNote(other.id)).toBe("only for signed-in clients");
      const fallback = (await authState(other.id)).log.map((s) => s.text).join("\n");
      expect(fallback).toContain("does not accept Client ID Metadata Documents");
      expect(fallback).toContain("Registered client");
    } finally {
      await new Promise<void>((r) => host.close(() => r()));
    }
  });

  it("a client metadata document URL must be https with a path", async () => {
    for (const clientMetadataUrl of ["http://127.0.0.1/client.json", "https://127.0.0.1/", "not a url"]) {
      const res = await callJson<{ error: { message: string } }>(sessionsRoute.POST, {
        method: "POST",
        body: { url: "http://127.0.0.1:9/mcp", auth: { clientMetadataUrl } },
      });
      expect(res.status, clientMetadataUrl).toBe(400);
      expect(res.body.error.message).toContain("https://");
    }
  });

  it("a token is never sent to another server: two protected servers each see only their own", async () => {
    const [a, b] = await Promise.all([startOauth(), startOauth()]);
    if (!a || !b) throw new Error("fixtures");
    const sa = await connect({ url: a.mcpUrl });
    const sb = await connect({ url: b.mcpUrl });
    await signIn(sa.id);
    await signIn(sb.id);
    expect(await readNote(sa.id)).toBe("only for signed-in clients");
    expect(await readNote(sb.id)).toBe("only for signed-in clients");
    const seenA = a.acceptedTokens();
    const seenB = b.acceptedTokens();
    expect(seenA).toHaveLength(1);
    expect(seenB).toHaveLength(1);
    expect(seenA.filter((t) => seenB.includes(t))).toEqual([]);
  });
});

describe("a 401 without usable OAuth metadata", () => {
  it("fails with a sentence that says which document is missing and what the user can do", async () => {
    const server = await startFixtureHttp("e2e/fixtures/servers/http-misbehaving.ts");
    tracked.track(server);
    const res = await callJson<{ error: { message: string } }>(sessionsRoute.POST, {
      method: "POST",
      body: { url: `${server.url}/unauthorized` },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(
      /^http:.*\/unauthorized answered 401 Unauthorized and publishes no OAuth metadata: no protected-resource document/,
    );
  });
});
