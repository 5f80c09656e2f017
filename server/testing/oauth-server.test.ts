/**
 * The OAuth fixture is a faithful MCP authorization setup (spec basic/authorization 2025-06-18):
 * discovery from a 401, dynamic registration, authorization code + PKCE S256 through a consent
 * page, refresh with rotation, an audience-checked bearer on /mcp, and expiry — all over real HTTP.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startOAuthFixture, type OAuthFixture } from "./oauth-cli";
import { trackedServers } from "./teardown";

const REDIRECT_URI = "http://127.0.0.1:9/callback"; // never fetched: the test reads the Location
const dir = mkdtempSync(path.join(tmpdir(), "mcp-oauth-"));
const tracked = trackedServers();
type Fixture = OAuthFixture;

async function startOauth(env: Record<string, string> = {}): Promise<Fixture> {
  const f = await startOAuthFixture(dir, env);
  tracked.track(f.server);
  return f;
}

afterAll(async () => {
  try {
    await tracked.stopAll();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

async function register(f: Fixture): Promise<string> {
  const res = await fetch(`${f.authUrl}/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "oauth fixture test",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(res.status).toBe(201);
  const client = (await res.json()) as { client_id: string; client_secret?: string };
  expect(client.client_secret).toBeUndefined(); // a public client
  return client.client_id;
}

/** Consent → code, the way a browser would: open /authorize, press Approve, follow nothing. */
async function authorizationCode(f: Fixture, clientId: string, challenge: string, resource: string) {
  const state = randomBytes(8).toString("hex");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    scope: "mcp",
    resource,
  });
  const page = await fetch(`${f.authUrl}/authorize?${query}`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain(">Approve</button>");
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe("/consent");

  const approved = await fetch(`${f.authUrl}${action}`, {
    ...form({ request_id: requestId ?? "", decision: "approve" }),
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  const location = new URL(approved.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get("state")).toBe(state);
  const code = location.searchParams.get("code");
  expect(code).toBeTruthy();
  return code ?? "";
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function exchange(f: Fixture, fields: Record<string, string>): Promise<Response> {
  return fetch(`${f.authUrl}/token`, form(fields));
}

/** The whole sign-in, for the tests that need only its outcome. */
async function signIn(f: Fixture, resource = f.mcpUrl): Promise<{ clientId: string; tokens: Tokens }> {
  const clientId = await register(f);
  const { verifier, challenge } = pkce();
  const code = await authorizationCode(f, clientId, challenge, resource);
  const res = await exchange(f, {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    resource,
  });
  expect(res.status).toBe(200);
  return { clientId, tokens: (await res.json()) as Tokens };
}

async function readNote(mcpUrl: string, accessToken: string): Promise<string | undefined> {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    }),
  );
  try {
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(["secret://note"]);
    const content = (await client.readResource({ uri: "secret://note" })).contents[0];
    return content && "text" in content ? content.text : undefined;
  } finally {
    await client.close();
  }
}

const callMcp = (f: Fixture, token?: string) =>
  fetch(f.mcpUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });

describe("oauth fixture (default token lifetime)", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startOauth();
  });

  it("runs the whole flow: 401 → metadata → register → PKCE consent → token → /mcp → refresh", async () => {
    // 1. An unauthenticated request names the protected-resource metadata.
    const denied = await callMcp(f);
    expect(denied.status).toBe(401);
    const metadataUrl = `${f.server.url}/.well-known/oauth-protected-resource/mcp`;
    expect(denied.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(denied.headers.get("www-authenticate")).toContain(`resource_metadata="${metadataUrl}"`);

    // 2. Resource metadata → authorization server → its metadata.
    const prm = (await (await fetch(metadataUrl)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(prm.resource).toBe(f.mcpUrl);
    expect(prm.authorization_servers).toEqual([`${f.authUrl}/`]);
    const asm = (await (await fetch(`${f.authUrl}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(asm).toMatchObject({
      issuer: `${f.authUrl}/`,
      authorization_endpoint: `${f.authUrl}/authorize`,
      token_endpoint: `${f.authUrl}/token`,
      registration_endpoint: `${f.authUrl}/register`,
      code_challenge_methods_supported: ["S256"],
    });

    // 3. Register, consent, and exchange — the SDK's token handler checks the PKCE verifier.
    const clientId = await register(f);
    const { verifier, challenge } = pkce();
    const code = await authorizationCode(f, clientId, challenge, f.mcpUrl);
    const exchangeWith = (codeVerifier: string) =>
      exchange(f, {
        grant_type: "authorization_code",
        client_id: clientId,
        code,
        code_verifier: codeVerifier,
        redirect_uri: REDIRECT_URI,
        resource: f.mcpUrl,
      });
    const wrongVerifier = await exchangeWith(pkce().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });
    const exchanged = await exchangeWith(verifier);
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as Tokens;
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await exchangeWith(verifier)).status).toBe(400); // a code works once

    // 4. The SDK client reads the protected resource with the token, which the log recorded.
    expect(await readNote(f.mcpUrl, tokens.access_token)).toBe("only for signed-in clients");
    expect(f.acceptedTokens()).toContain(tokens.access_token);

    // 5. Refresh: a new working pair; the used refresh token is spent (rotation).
    const refreshWith = (refreshToken: string) =>
      exchange(f, { grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
    const refreshed = await refreshWith(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(await readNote(f.mcpUrl, next.access_token)).toBe("only for signed-in clients");
    expect((await refreshWith(tokens.refresh_token)).status).toBe(400);
  });

  it("refuses a token minted for another resource (audience) and an unknown token, with 401", async () => {
    const { tokens } = await signIn(f, `${f.server.url}/other`);
    for (const token of [tokens.access_token, "not-a-token"]) {
      const res = await callMcp(f, token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });

  it("logs every distinct bearer token /mcp was sent, and no other", async () => {
    const { tokens } = await signIn(f);
    expect(f.acceptedTokens()).not.toContain(tokens.access_token); // not sent yet
    expect((await callMcp(f, tokens.access_token)).status).toBe(200);
    expect((await callMcp(f, tokens.access_token)).status).toBe(200);
    expect(f.acceptedTokens().filter((t) => t === tokens.access_token)).toHaveLength(1);
  });

  it("answers Deny with access_denied at the redirect URI", async () => {
    const clientId = await register(f);
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
      state: "s1",
    });
    const html = await (await fetch(`${f.authUrl}/authorize?${query}`)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const denied = await fetch(`${f.authUrl}/consent`, {
      ...form({ request_id: requestId, decision: "deny" }),
      redirect: "manual",
    });
    const location = new URL(denied.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("s1");
    expect(location.searchParams.get("code")).toBeNull();
  });
});

describe("oauth fixture (TOKEN_TTL_SECONDS=1)", () => {
  it("expires access tokens after the TTL, and a refresh brings access back", async () => {
    const f = await startOauth({ TOKEN_TTL_SECONDS: "1" });
    const { clientId, tokens } = await signIn(f);
    expect(tokens.expires_in).toBe(1);
    expect((await callMcp(f, tokens.access_token)).status).toBe(200);

    await new Promise((r) => setTimeout(r, 1_200));
    const expired = await callMcp(f, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');

    const refreshed = await exchange(f, {
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    const next = (await refreshed.json()) as Tokens;
    expect(await readNote(f.mcpUrl, next.access_token)).toBe("only for signed-in clients");
    await f.server.stop();
  });
});
