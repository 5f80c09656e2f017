/**
 * The CLI's loopback callback in-process, against the real OAuth fixture: a callback whose `state`
 * is not this sign-in's is refused and changes nothing, and a browser that never comes back ends
 * the wait with a sentence that says where it waited.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { startOAuthFixture, type OAuthFixture } from "@/server/testing/oauth-cli";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { CliSignIn } from "./sign-in";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-cli-callback-"));
let fixture: OAuthFixture;

beforeAll(async () => {
  fixture = await startOAuthFixture(dir);
});

afterAll(async () => {
  await fixture.server.stop();
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses(new Set([fixture.server.pid]));
});

describe("the CLI's loopback callback", () => {
  it("refuses a foreign state, then times out naming the callback it waited on", async () => {
    const lines: string[] = [];
    const launch = { kind: "http" as const, url: fixture.mcpUrl, transport: "auto" as const, headers: {} };
    const signIn = await CliSignIn.forLaunch(launch, {
      open: false,
      timeoutMs: 1_500,
      log: (l) => lines.push(l),
    });
    const session = new McpSession(
      "cli-callback",
      launch,
      readConfig(),
      () => undefined,
      undefined,
      signIn.route,
    );
    try {
      const redirect = signIn.route?.redirectUrl ?? "";
      expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
      const waiting = signIn.connect(session);
      const outcome = waiting.then(
        () => null,
        (err: unknown) => err as Error,
      );
      // Wait until the URL is printed: the flow is pending.
      for (let i = 0; i < 100 && !lines.some((l) => l.includes("/authorize?")); i++)
        await new Promise((r) => setTimeout(r, 20));
      const forged = await fetch(`${redirect}?code=abc&state=forged`);
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain("Sign-in link unknown or expired");
      expect((await fetch(redirect.replace("/oauth/callback", "/elsewhere"))).status).toBe(404);
      const err = await outcome;
      expect(err?.message).toMatch(
        /^Sign-in timed out: no browser came back to http:\/\/127\.0\.0\.1:\d+\/oauth\/callback within 2 s\./,
      );
      expect(session.status).toBe("disconnected");
    } finally {
      await session.close();
      await signIn.close();
    }
  });
});
