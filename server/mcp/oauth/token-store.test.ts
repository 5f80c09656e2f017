import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientKey, serverKey, TokenStore, tokensFile } from "./token-store";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-token-store-"));
process.env.MCP_INSPECTOR_CONFIG_DIR = path.join(dir, "config");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tokens = { access_token: "access-0123456789", token_type: "Bearer", refresh_token: "refresh-abcdef" };

describe("TokenStore", () => {
  it("keys a server by origin and path, never query or fragment", () => {
    expect(serverKey("http://127.0.0.1:9/mcp?x=1#y")).toBe("http://127.0.0.1:9/mcp");
  });

  it("keys a client by issuer and redirect, without a loopback redirect's port", () => {
    expect(clientKey("http://as.test/", "http://127.0.0.1:50123/oauth/callback")).toBe(
      "http://as.test http://127.0.0.1/oauth/callback",
    );
    expect(clientKey("http://as.test", "http://localhost:6280/oauth/callback")).toBe(
      "http://as.test http://localhost/oauth/callback",
    );
    expect(clientKey("http://as.test")).toBe("http://as.test");
    const store = new TokenStore();
    store.setClient("http://as.test", false, { client_id: "app" }, "http://localhost:6280/oauth/callback");
    store.setClient("http://as.test", false, { client_id: "cli" }, "http://127.0.0.1:1234/oauth/callback");
    expect(store.client("http://as.test", false, "http://localhost:6280/oauth/callback")?.client_id).toBe(
      "app",
    );
    expect(store.client("http://as.test", false, "http://127.0.0.1:999/oauth/callback")?.client_id).toBe(
      "cli",
    );
  });

  it("keeps unremembered tokens in memory only", () => {
    const store = new TokenStore();
    store.update("http://a/mcp", false, { tokens });
    expect(store.get("http://a/mcp", false)?.tokens?.access_token).toBe("access-0123456789");
    expect(() => statSync(tokensFile())).toThrow();
  });

  it("remembers across restarts in a 0600 file in a 0700 folder, and forgets on sign out", () => {
    new TokenStore().update("http://b/mcp", true, { tokens, expiresAt: 42 });
    expect(statSync(tokensFile()).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(tokensFile())).mode & 0o777).toBe(0o700);

    const restarted = new TokenStore();
    expect(restarted.get("http://b/mcp", true)).toMatchObject({ tokens, expiresAt: 42 });
    restarted.forget("http://b/mcp");
    expect(new TokenStore().get("http://b/mcp", true)).toBeUndefined();
    expect(readFileSync(tokensFile(), "utf8")).not.toContain("access-0123456789");
  });

  it("reads a version-1 file (a registration per server) and writes version 2 (one per issuer)", () => {
    const legacyClient = {
      client_id: "legacy-client",
      redirect_uris: ["http://127.0.0.1:6280/oauth/callback"],
    };
    writeFileSync(
      tokensFile(),
      JSON.stringify({
        version: 1,
        servers: { "http://d/mcp": { tokens, expiresAt: 7, clientInformation: legacyClient } },
      }),
      { mode: 0o600 },
    );
    const store = new TokenStore();
    expect(store.get("http://d/mcp", true)).toMatchObject({
      tokens,
      expiresAt: 7,
      clientInformation: legacyClient,
    });
    store.setClient("http://issuer.test/", true, { ...legacyClient, issuer: "http://issuer.test/" });
    const written = JSON.parse(readFileSync(tokensFile(), "utf8")) as { version: number; clients: object };
    expect(written.version).toBe(2);
    expect(Object.keys(written.clients)).toEqual(["http://issuer.test"]);
    // Keyed by issuer, whichever way it is spelled; the server's tokens are still there.
    const again = new TokenStore();
    expect(again.client("http://issuer.test", true)?.client_id).toBe("legacy-client");
    expect(again.get("http://d/mcp", true)?.tokens).toEqual(tokens);
    // Dropping a refused client removes it from the file.
    again.setClient("http://issuer.test", false, undefined);
    expect(new TokenStore().client("http://issuer.test", true)).toBeUndefined();
  });

  it("ignores a file it cannot read as tokens, without echoing it", () => {
    writeFileSync(tokensFile(), "not json: secret-value", { mode: 0o600 });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(...args);
    try {
      expect(new TokenStore().get("http://c/mcp", true)).toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(JSON.stringify(errors)).not.toContain("secret-value");
  });
});
