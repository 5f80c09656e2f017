/**
 * Issue 32, item 7, as a user meets it: the one-shot CLI signs in (the headless `$BROWSER`) and
 * remembers the tokens in tokens.json, which is shared with the app. A file that is not tokens
 * is moved aside, not replaced (every other server's tokens were lost); one a newer inspector
 * wrote is left alone; a link to /dev/zero no longer hangs the run; a 0755 folder becomes 0700.
 */
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cliUser, startOAuthFixture, storedSecrets, type OAuthFixture } from "@/server/testing/oauth-cli";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";
import { tempDirForFile } from "@/server/testing/temp-dir";

const dir = tempDirForFile("mcp-cli-tokens-file-");
let f: OAuthFixture;
const SECRET = "refresh-of-another-server-5e1a";

beforeAll(async () => {
  f = await startOAuthFixture(dir);
});
afterAll(async () => {
  await f.server.stop();
  await expectNoLeftoverProcesses((p) => p.cmdline.includes("headless-browser"));
});

/** A user whose config folder already holds `tokens.json` as `make` leaves it, 0755. */
function userWith(make: (file: string) => void) {
  const u = cliUser(dir);
  mkdirSync(path.dirname(u.tokensFile), { recursive: true });
  chmodSync(path.dirname(u.tokensFile), 0o755);
  make(u.tokensFile);
  return u;
}

const list = (u: ReturnType<typeof cliUser>) => u.run(["resources", "list", f.mcpUrl]);

it("a tokens.json that is not JSON is moved aside, whole, and a new one holds the sign-in; the folder becomes 0700", async () => {
  const corrupt = `{"version": 2, "servers": {"https://other.example/mcp": {"tokens": {"refresh_token": "${SECRET}"`;
  const u = userWith((file) => writeFileSync(file, corrupt, { mode: 0o600 }));
  const r = await list(u);
  expect(r.code, r.stderr).toBe(0);
  const folder = path.dirname(u.tokensFile);
  const aside = readdirSync(folder).filter((n) => n.startsWith("tokens.json.corrupt-"));
  expect(aside).toHaveLength(1);
  expect(readFileSync(path.join(folder, aside[0]!), "utf8")).toBe(corrupt);
  expect(r.stderr).toContain(`${u.tokensFile} is not JSON: moved aside to ${path.join(folder, aside[0]!)}`);
  expect(r.stderr).not.toContain(SECRET);
  expect(storedSecrets(u.tokensFile)).toHaveLength(2);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  expect(statSync(u.tokensFile).mode & 0o777).toBe(0o600);
}, 60_000);

it("a tokens.json of a newer version is not overwritten: the run signs in, keeps it in memory and says so", async () => {
  const newer = JSON.stringify({ version: 3, servers: {}, vault: { other: SECRET } });
  const u = userWith((file) => writeFileSync(file, newer, { mode: 0o600 }));
  const r = await list(u);
  expect(r.code, r.stderr).toBe(0);
  expect(readFileSync(u.tokensFile, "utf8")).toBe(newer);
  expect(r.stderr).toContain(
    `${u.tokensFile} was written by a newer inspector (version 3; this one writes version 2): update the inspector to remember sign-ins; it is not overwritten, so this is kept in memory only.`,
  );
  expect(u.browserCalls()).toHaveLength(1);
}, 60_000);

it("a tokens.json that links to /dev/zero is refused, not read: the run ends, the link stays", async () => {
  const u = userWith((file) => symlinkSync("/dev/zero", file));
  const r = await list(u);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`${u.tokensFile}: not a regular file (a tokens file must be one)`);
  expect(readdirSync(path.dirname(u.tokensFile))).toEqual(["tokens.json"]);
}, 60_000);
