/**
 * The one-shot CLI signs in headless against the OAuth fixture (a real authorization server and
 * resource server over HTTP): a script set as `$BROWSER` approves the consent page and follows the
 * redirect to the CLI's loopback callback. Each test has its own config folder (tokens.json).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserScript,
  cliUser,
  startOAuthFixture,
  storedSecrets,
  type OAuthFixture,
} from "@/server/testing/oauth-cli";
import { freePort } from "@/server/testing/http-servers";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const bin = path.resolve("server/cli/bin.mjs");
const dir = mkdtempSync(path.join(tmpdir(), "mcp-cli-oauth-"));
let fixture: OAuthFixture;
let mcpUrl: string;
const user = () => cliUser(dir);
const registrations = () => fixture.registrations();

beforeAll(async () => {
  fixture = await startOAuthFixture(dir);
  mcpUrl = fixture.mcpUrl;
});

afterAll(async () => {
  await fixture.server.stop();
  rmSync(dir, { recursive: true, force: true });
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("headless-browser"));
});

describe("the one-shot CLI's OAuth sign-in", () => {
  it("prints the URL, opens $BROWSER, lists; the second run needs no browser and no registration", async () => {
    const u = user();
    const before = registrations();
    const first = await u.run(["resources", "list", mcpUrl]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain("needs sign-in. Open this URL in a browser to authorize:");
    expect(first.stderr).toMatch(
      /http:\/\/127\.0\.0\.1:\d+\/authorize\?\S*redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Foauth%2Fcallback/,
    );
    expect(
      (JSON.parse(first.stdout) as { resources: { uri: string }[] }).resources.map((r) => r.uri),
    ).toEqual(["secret://note"]);
    expect(u.browserCalls()).toHaveLength(1);
    expect(registrations()).toBe(before + 1);

    const second = await u.run(["resources", "read", "secret://note", "--format", "text", mcpUrl]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe("only for signed-in clients");
    expect(second.stderr).not.toContain("needs sign-in");
    expect(u.browserCalls()).toHaveLength(1);
    expect(registrations()).toBe(before + 1);

    // Tokens are remembered in the config folder and never printed.
    for (const secret of storedSecrets(u.tokensFile)) {
      expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(secret);
    }
  });

  it("--no-open prints the URL and leaves $BROWSER alone; opening it finishes the command", async () => {
    const u = user();
    const child = spawn(
      process.execPath,
      [bin, "resources", "list", "--format", "text", "--no-open", mcpUrl],
      {
        cwd: u.home,
        env: { ...process.env, ...u.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${stderr}`)), 30_000);
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
        const found = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    // The user opens it themselves (the same script, but not as $BROWSER: no log line).
    const opened = await runNode([browserScript, url], { ...u.env, HEADLESS_BROWSER_LOG: "" });
    expect(opened).toBe(0);
    expect(await exited).toBe(0);
    expect(stdout).toContain("secret://note\tnote\ttext/plain");
    expect(u.browserCalls()).toHaveLength(0);
  });

  it("lint, hosts and check sign in too, sharing the tokens they remember", async () => {
    const u = user();
    const lint = await u.run(["lint", "--format", "json", mcpUrl]);
    expect(lint.stderr).toContain("needs sign-in");
    expect(lint.code, lint.stderr).toBeLessThan(2);
    expect(JSON.parse(lint.stdout)).toMatchObject({ server: mcpUrl });
    expect(u.browserCalls()).toHaveLength(1);
    // hosts, after lint: the tokens lint remembered, no browser.
    const hosts = await u.run(["hosts", "secret://note", "--host", "gemini-cli", mcpUrl]);
    expect(hosts.code, hosts.stderr).toBe(0);
    expect(hosts.stdout).toContain("only for signed-in clients");
    expect(u.browserCalls()).toHaveLength(1);

    const other = user();
    const checkFile = path.join(other.home, "note.check.json");
    writeFileSync(
      checkFile,
      JSON.stringify({
        version: 3,
        name: "the signed-in note",
        server: { url: mcpUrl },
        timeoutMs: 20_000,
        steps: [
          {
            id: "connect",
            action: "connect",
            matchers: {},
            expect: { serverInfo: { name: "oauth-fixture", version: "1.0.0" } },
          },
          {
            id: "read",
            action: "read",
            matchers: {},
            uri: "secret://note",
            expect: {
              contents: [
                { uri: "secret://note", mimeType: "text/plain", text: "only for signed-in clients" },
              ],
            },
          },
        ],
      }),
    );
    const check = await other.run(["check", checkFile, "--reporter", "json"]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr).toContain("needs sign-in");
    expect(other.browserCalls()).toHaveLength(1);
    const again = await other.run(["check", checkFile]);
    expect(again.code, again.stdout).toBe(0);
    expect(other.browserCalls()).toHaveLength(1);
    // A fixed --callback-port: remote checks running in parallel take it in turn.
    const copy = path.join(other.home, "copy.check.json");
    writeFileSync(copy, readFileSync(checkFile));
    const port = String(await freePort());
    const both = await other.run(["check", checkFile, copy, "--callback-port", port, "--jobs", "2"]);
    expect(both.code, both.stdout + both.stderr).toBe(0);
    for (const secret of storedSecrets(other.tokensFile))
      expect(check.stdout + again.stdout).not.toContain(secret);
  });
});

function runNode(args: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "ignore" });
    child.once("exit", resolve);
  });
}
