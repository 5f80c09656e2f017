/**
 * What the SDK's `auth()` does for the CLI's sign-in, proved against the OAuth fixture's flags:
 * the spec's scope order, a step-up on 403 insufficient_scope, the token endpoint's client
 * authentication method, and a 2025-03-26 server without protected resource metadata.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliUser, logLines, printedUrls, storedSecrets, type OAuthFixture } from "@/server/testing/oauth-cli";
import { freePort } from "@/server/testing/http-servers";
import { oauthCliFrame } from "@/server/testing/oauth-cli-frame";

const { dir, fixture } = oauthCliFrame("mcp-cli-oauth-flows-");

/** `resources list` as a fresh user; the scope its authorization URL asked for. */
async function scopeAsked(f: OAuthFixture, extra: string[] = []): Promise<string | null> {
  const u = cliUser(dir);
  const r = await u.run(["resources", "list", ...extra, f.mcpUrl]);
  expect(r.code, r.stderr).toBe(0);
  const [url] = printedUrls(r.stderr);
  expect(url).toBeDefined();
  return url!.searchParams.get("scope");
}

describe("the CLI's sign-in follows the spec through the SDK", () => {
  it("scopes: the 401's scope first, then the resource metadata's, then --scope; none when nobody names one", async () => {
    const challenged = await fixture({ SCOPES: "mcp extra", REQUIRED_SCOPES: "mcp" });
    expect(await scopeAsked(challenged, ["--scope", "mine"])).toBe("mcp");
    const listed = await fixture({ SCOPES: "mcp extra" });
    expect(await scopeAsked(listed, ["--scope", "mine"])).toBe("mcp extra");
    const silent = await fixture({ SCOPES: "" });
    expect(await scopeAsked(silent)).toBeNull();
    expect(await scopeAsked(silent, ["--scope", "mine"])).toBe("mine");
  });

  it("steps up on 403 insufficient_scope: a second consent with the wider scope, then the read", async () => {
    const f = await fixture({ STEP_UP_SCOPE: "admin" });
    const u = cliUser(dir);
    const r = await u.run(["resources", "read", "secret://admin", "--format", "text", f.mcpUrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("only with admin");
    const asked = printedUrls(r.stderr).map((url) => url.searchParams.get("scope"));
    expect(asked).toEqual(["mcp", "mcp admin"]);
    expect(u.browserCalls()).toHaveLength(2);
    // Remembered with the wider grant: the next run reads it without a browser.
    const again = await u.run(["resources", "read", "secret://admin", "--format", "text", f.mcpUrl]);
    expect(again.code, again.stderr).toBe(0);
    expect(u.browserCalls()).toHaveLength(2);
  });

  for (const method of ["client_secret_basic", "client_secret_post"] as const) {
    it(`a confidential client authenticates at /token with ${method}, as the metadata says`, async () => {
      const authLog = path.join(dir, `token-auth-${method}.log`);
      const f = await fixture({
        CONFIDENTIAL_CLIENT: "conf-client:s3cr3t-value",
        TOKEN_AUTH_METHOD: method,
        TOKEN_AUTH_LOG: authLog,
      });
      const u = cliUser(dir);
      const r = await u.listText(f.mcpUrl, "--client-id", "conf-client", "--client-secret", "s3cr3t-value");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("secret://note");
      expect(logLines(authLog)).toEqual([method]);
      expect(f.registrations()).toBe(0);
      expect(r.stdout + r.stderr).not.toContain("s3cr3t-value");
      for (const secret of storedSecrets(u.tokensFile)) expect(r.stdout + r.stderr).not.toContain(secret);
    });
  }

  for (const strict of [false, true]) {
    it(`a client kept from a run on another port is ${strict ? "registered again when the server refuses the redirect" : "reused (any loopback port, RFC 8252 §7.3)"}`, async () => {
      const f = await fixture(strict ? { STRICT_REDIRECT: "1" } : {});
      const u = cliUser(dir);
      const list = (port: number) =>
        u.run(["resources", "list", "--format", "text", "--callback-port", String(port), f.mcpUrl]);
      const first = await list(await freePort());
      expect(first.code, first.stderr).toBe(0);
      // The tokens are gone (signed out in the app, say); the issuer's client is kept.
      const stored = JSON.parse(readFileSync(u.tokensFile, "utf8")) as { servers: object; clients: object };
      expect(Object.keys(stored.clients)).toHaveLength(1);
      writeFileSync(u.tokensFile, JSON.stringify({ ...stored, servers: {} }));
      const second = await list(await freePort());
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain("secret://note");
      expect(u.browserCalls()).toHaveLength(2);
      expect(f.registrations()).toBe(strict ? 2 : 1);
      expect(second.stderr.includes("refused the redirect")).toBe(strict);
    });
  }

  it("a 2025-03-26 server (no protected resource metadata): its own origin is the authorization server", async () => {
    const f = await fixture({ LEGACY_2025_03_26: "1" });
    const u = cliUser(dir);
    const r = await u.run(["resources", "list", "--format", "text", f.mcpUrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("secret://note");
    const [url] = printedUrls(r.stderr);
    expect(url?.origin).toBe(f.server.url);
    expect(url?.searchParams.get("resource")).toBeNull();
    expect(f.registrations()).toBe(1);
  });
});
