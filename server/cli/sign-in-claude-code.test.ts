/**
 * A client pre-registered for Claude Code's fixed callback port (`--callback-port N`, or a
 * config's `oauth.callbackPort`) expects the redirect `http://localhost:N/callback` exactly; the
 * OAuth fixture here knows only that client, with only that redirect URI, and matches it exactly
 * (STRICT_REDIRECT), as such authorization servers do.
 */
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliUser, printedUrls, type OAuthFixture } from "@/server/testing/oauth-cli";
import { freePort } from "@/server/testing/http-servers";
import { oauthCliFrame } from "@/server/testing/oauth-cli-frame";
import { CliSignIn } from "./sign-in";

const { dir, fixture } = oauthCliFrame("mcp-cli-claude-code-", { STRICT_REDIRECT: "1" });

/** A fixture whose only client is `cc-client`, registered with Claude Code's redirect on `port`. */
const preRegistered = (port: number): Promise<OAuthFixture> =>
  fixture({ PUBLIC_CLIENT: `cc-client http://localhost:${port}/callback` });

describe("a client pre-registered for Claude Code's callback port", () => {
  it("--callback-port N sends http://localhost:N/callback, which the strict server accepts", async () => {
    const port = await freePort();
    const f = await preRegistered(port);
    const u = cliUser(dir);
    const r = await u.listText("--client-id", "cc-client", "--callback-port", String(port), f.mcpUrl);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("secret://note");
    const [url] = printedUrls(r.stderr);
    expect(url?.searchParams.get("redirect_uri")).toBe(`http://localhost:${port}/callback`);
    expect(url?.searchParams.get("client_id")).toBe("cc-client");
    expect(r.stderr).toContain(`Waiting for the browser to come back to http://localhost:${port}/callback`);
    expect(u.browserCalls()).toHaveLength(1);
    expect(f.registrations()).toBe(0);
  });

  it("a Claude Code config's oauth.callbackPort does the same", async () => {
    const port = await freePort();
    const f = await preRegistered(port);
    const u = cliUser(dir);
    const config = path.join(u.home, ".mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          remote: { type: "http", url: f.mcpUrl, oauth: { clientId: "cc-client", callbackPort: port } },
        },
      }),
    );
    const r = await u.run(["lint", "--format", "json", "--config", config, "--server", "remote"]);
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(r.stderr).toContain("needs sign-in");
    const [url] = printedUrls(r.stderr);
    expect(url?.searchParams.get("redirect_uri")).toBe(`http://localhost:${port}/callback`);
    expect(u.browserCalls()).toHaveLength(1);
    expect(f.registrations()).toBe(0);
  });

  it("the listener of that form answers /callback on 127.0.0.1 and ::1 (where there is IPv6)", async () => {
    const port = await freePort();
    const launch = {
      kind: "http" as const,
      url: "http://127.0.0.1:9/mcp",
      transport: "auto" as const,
      headers: {},
    };
    const signIn = await CliSignIn.forLaunch(launch, {
      open: false,
      callbackPort: port,
      log: () => undefined,
    });
    try {
      expect(signIn.route?.redirectUrl).toBe(`http://localhost:${port}/callback`);
      for (const host of ["127.0.0.1", ...((await hasIpv6Loopback()) ? ["[::1]"] : [])]) {
        // Not this sign-in's state: refused, but by our listener, on this path.
        const back = await fetch(`http://${host}:${port}/callback?code=abc&state=forged`);
        expect(back.status, host).toBe(400);
        expect(await back.text()).toContain("Sign-in link unknown or expired");
        expect((await fetch(`http://${host}:${port}/oauth/callback`)).status).toBe(404);
      }
    } finally {
      await signIn.close();
    }
  });
});

/** Whether this machine can listen on ::1 (a container may have no IPv6 loopback). */
function hasIpv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(0, "::1", () => server.close(() => resolve(true)));
  });
}
