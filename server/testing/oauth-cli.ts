/**
 * The one-shot CLI against the OAuth fixture, for tests: a fixture with its flags, and a "user"
 * — a config folder of their own and `$BROWSER` set to the headless browser, whose calls are
 * logged. Node only, no test-runner imports.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runCli } from "./check-cli";
import { freePort, startFixtureHttp, type HttpServerHandle } from "./http-servers";
import { TEST_MARK_VAR, testMark } from "./processes";

export const browserScript = path.resolve("server/testing/headless-browser.mjs");

/** The lines of a log file a fixture or the browser appends to (none if it was never written). */
export function logLines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

export interface OAuthFixture {
  server: HttpServerHandle;
  mcpUrl: string;
  /** The authorization server's origin (its own port). */
  authUrl: string;
  /** One line per POST /register. */
  registrations: () => number;
  /** The access tokens the MCP endpoint accepted, one per request, in order. */
  acceptedTokens: () => string[];
}

let fixtures = 0;

/** The OAuth fixture (e2e/fixtures/servers/oauth-server.ts) on free ports, its logs in `dir`. */
export async function startOAuthFixture(
  dir: string,
  env: Record<string, string> = {},
): Promise<OAuthFixture> {
  const logs = path.join(dir, `oauth-${fixtures++}-${randomBytes(4).toString("hex")}`);
  const authPort = await freePort();
  const server = await startFixtureHttp("e2e/fixtures/servers/oauth-server.ts", [], {
    AUTH_PORT: String(authPort),
    REGISTER_LOG: `${logs}-register.log`,
    ACCEPTED_TOKEN_LOG: `${logs}-tokens.log`,
    ...env,
  });
  return {
    server,
    mcpUrl: `${server.url}/mcp`,
    authUrl: `http://127.0.0.1:${authPort}`,
    registrations: () => logLines(`${logs}-register.log`).length,
    acceptedTokens: () => logLines(`${logs}-tokens.log`),
  };
}

let users = 0;

/** A fresh user: their own folder, config folder (tokens.json) and browser log. */
export function cliUser(dir: string) {
  const home = path.join(dir, `user-${users++}`);
  mkdirSync(home, { recursive: true });
  const browserLog = path.join(home, "browser.log");
  const env = {
    [TEST_MARK_VAR]: testMark(),
    MCP_INSPECTOR_CONFIG_DIR: path.join(home, "config"),
    BROWSER: `${process.execPath} ${browserScript}`,
    HEADLESS_BROWSER_LOG: browserLog,
  };
  return {
    home,
    env,
    run: (args: string[]) => runCli(args, { cwd: home, env }),
    /** `resources list --format text ARGS…`: the sign-in tests' usual command. */
    listText: (...args: string[]) =>
      runCli(["resources", "list", "--format", "text", ...args], { cwd: home, env }),
    /** The URLs $BROWSER was called with. */
    browserCalls: () => logLines(browserLog),
    tokensFile: path.join(home, "config", "tokens.json"),
  };
}

/** Every access and refresh token a user's tokens.json holds (to prove none was printed). */
export function storedSecrets(tokensFile: string): string[] {
  const stored = JSON.parse(readFileSync(tokensFile, "utf8")) as {
    servers: Record<string, { tokens?: { access_token: string; refresh_token?: string } }>;
  };
  return Object.values(stored.servers).flatMap((s) =>
    s.tokens ? [s.tokens.access_token, s.tokens.refresh_token ?? ""].filter(Boolean) : [],
  );
}

/** The authorization URLs a run printed to stderr. */
export function printedUrls(stderr: string): URL[] {
  return [...stderr.matchAll(/^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/gm)].map(
    (m) => new URL(m[1]!),
  );
}
