/**
 * The app (its callback page on http://localhost:6280) and the one-shot CLI (its loopback
 * listener on 127.0.0.1) sign in at the same authorization server with one tokens file: each
 * keeps its own client registration beside the other's, instead of replacing it. The app runs
 * in-process (an McpSession with the app's redirect), the CLI as a child process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/server/mcp/config";
import { pendingFlows } from "@/server/mcp/oauth/pending-flows";
import { McpSession } from "@/server/mcp/session";
import { SignInRequiredError } from "@/server/mcp/session-errors";
import { cliUser, startOAuthFixture, type OAuthFixture } from "@/server/testing/oauth-cli";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-app-and-cli-"));
const user = cliUser(dir);
const saved = { ...process.env };
let fixture: OAuthFixture;

beforeAll(async () => {
  fixture = await startOAuthFixture(dir);
  // The app's process: the same config folder as the CLI user's, its page on localhost.
  process.env.MCP_INSPECTOR_CONFIG_DIR = user.env.MCP_INSPECTOR_CONFIG_DIR;
  process.env.MCP_INSPECTOR_ORIGIN = "http://localhost:6280";
});

afterAll(async () => {
  process.env.MCP_INSPECTOR_CONFIG_DIR = saved.MCP_INSPECTOR_CONFIG_DIR;
  process.env.MCP_INSPECTOR_ORIGIN = saved.MCP_INSPECTOR_ORIGIN;
  if (saved.MCP_INSPECTOR_CONFIG_DIR === undefined) delete process.env.MCP_INSPECTOR_CONFIG_DIR;
  if (saved.MCP_INSPECTOR_ORIGIN === undefined) delete process.env.MCP_INSPECTOR_ORIGIN;
  await fixture.server.stop();
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("headless-browser"));
});

/** The app restarted: its in-memory store is gone, only the tokens file is left. */
function restartApp(): void {
  delete (globalThis as { __mcpOAuthTokens?: unknown }).__mcpOAuthTokens;
}

/** The tokens are gone (signed out, expired): the next sign-in needs a client again. */
function dropTokens(): void {
  const stored = JSON.parse(readFileSync(user.tokensFile, "utf8")) as object;
  writeFileSync(user.tokensFile, JSON.stringify({ ...stored, servers: {} }));
}

/** The app's connect stops at consent: the client id its authorization URL names. */
async function appSignIn(finish: boolean): Promise<string> {
  const launch = {
    kind: "http" as const,
    url: fixture.mcpUrl,
    transport: "auto" as const,
    headers: {},
    auth: { remember: true },
  };
  const session = new McpSession(`app-${Date.now()}`, launch, readConfig(), () => undefined);
  try {
    const err = await session.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SignInRequiredError);
    const url = new URL(session.auth?.authorizationUrl ?? "");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:6280/oauth/callback");
    if (finish) {
      // What the user's browser and the app's callback page do.
      const page = await (await fetch(url)).text();
      const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1] ?? "";
      const decided = await fetch(new URL("/consent", url), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ request_id: requestId, decision: "approve" }),
      });
      const back = new URL(decided.headers.get("location") ?? "");
      expect(pendingFlows().take(back.searchParams.get("state") ?? "")).not.toBeNull();
      await session.finishSignIn({ code: back.searchParams.get("code") ?? "" });
      expect(session.status).toBe("connected");
    }
    return url.searchParams.get("client_id") ?? "";
  } finally {
    await session.close();
  }
}

describe("the app and the CLI at one authorization server", () => {
  it("keep a client each, side by side: neither replaces the other's, nobody registers twice", async () => {
    const appClient = await appSignIn(true);
    expect(fixture.registrations()).toBe(1);

    dropTokens();
    const cli = await user.run(["resources", "list", "--format", "text", fixture.mcpUrl]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(fixture.registrations()).toBe(2);
    const stored = JSON.parse(readFileSync(user.tokensFile, "utf8")) as {
      clients: Record<string, { client_id: string }>;
    };
    expect(Object.values(stored.clients).map((c) => c.client_id)).toContain(appClient);
    expect(Object.keys(stored.clients)).toHaveLength(2);

    // Each again, after a restart and without tokens: its own client, no new registration.
    dropTokens();
    restartApp();
    expect(await appSignIn(false)).toBe(appClient);
    dropTokens();
    const again = await user.run(["resources", "list", "--format", "text", fixture.mcpUrl]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("secret://note");
    expect(fixture.registrations()).toBe(2);
  });
});
